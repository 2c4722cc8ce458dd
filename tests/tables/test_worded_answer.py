"""A change's answer carries what the front-end needs as fields: the channel's lines already in
the language it asked for (`act(lang=)`, `Public.said`), and the timer to arm (`Public.timer`)."""

from __future__ import annotations

from gavel.tables.notices import Public, Timer
from tests.tables.conftest import ALICE, CHANNEL, make_service, seat


async def test_an_action_asked_in_a_language_comes_worded_in_it() -> None:
    svc = make_service(":memory:")
    await seat(svc, ALICE, ai=1, seed="worded", dice=[3, 4, 5, 6])
    notices = await svc.act(CHANNEL, ALICE, "roll", lang="zh-TW")
    public = notices[0]
    assert isinstance(public, Public) and public.said is not None
    assert public.said == ("zh-TW", public.text("zh-TW")) and public.said[1] != public.text("en")
    plain = await svc.act(CHANNEL, ALICE, "move 3")
    assert plain[0].said is None  # not asked: the front-end words it itself


async def test_the_answer_names_the_ai_seats_due_time_when_their_move_was_not_written() -> None:
    svc = make_service(":memory:")
    await seat(svc, ALICE, ai=1, seed="due", dice=[3, 4])
    await svc.act(CHANNEL, ALICE, "roll")
    record = svc.store.record_action

    def no_ai(table_id, seat, *args, earlier=(), **kwargs):
        if 1 in [seat, *(e.seat for e in earlier)]:
            raise RuntimeError("disk trouble")
        return record(table_id, seat, *args, earlier=earlier, **kwargs)

    svc.store.record_action = no_ai
    notices = await svc.act(CHANNEL, ALICE, "move 3")
    table = svc.table(CHANNEL)
    assert notices[0].timer == Timer(table.id, table.version, None, 1.0) and svc.ai_due(CHANNEL) == 1.0


async def test_lines_worded_by_the_service_show_names_as_the_front_end_escapes_them() -> None:
    """The front-end reads `said` as it is, so the service words it with the front-end's escape
    (Discord's: a name's markdown shown as typed); without one, names stay as they are."""
    from dataclasses import replace

    svc = make_service(":memory:")
    svc.escape = lambda text: text.replace("*", "\\*")
    await seat(svc, replace(ALICE, name="**Al**"), ai=1, seed="worded", dice=[3, 4, 5, 6])
    public = (await svc.act(CHANNEL, replace(ALICE, name="**Al**"), "roll", lang="en"))[0]
    assert isinstance(public, Public) and public.said is not None
    said = "\n".join(public.said[1])
    assert "\\*\\*Al\\*\\*" in said and public.said[1] == public.text("en", svc.escape)
    assert "**Al**" in "\n".join(public.text("en"))  # the console's words: raw
