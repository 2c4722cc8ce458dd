"""The rating math (`gavel.tables.ratings`): sides and ranks from an Outcome, teams, free-for-all, ties,
AI seats never rated, a resigned human rated as losing; and the sides the real games state
(`Game.rating_teams`: Judtho's alliances, The City of Judgement's factions)."""

from __future__ import annotations

import dataclasses

import pytest

from gavel.tables import ratings
from gavel.tables.ratings import AI_RATING, Player, Rating, Side, rate, shown, sides
from rules.core import Outcome, SeededChance, get_game

A, B, C, D = 11, 22, 33, 44


def humans(*users: int | None) -> list[Player]:
    return [Player(i, u, ai=u is None) for i, u in enumerate(users)]


def test_a_new_player_shows_1000_and_the_shown_rating_is_the_scaled_ordinal() -> None:
    assert shown(ratings.MU, ratings.SIGMA) == 1000
    assert shown(30.0, 2.0) == 1000 + 40 * 24
    assert Rating().shown == 1000


def test_free_for_all_ranks_winners_first_then_the_scores_and_ties_share_a_rank() -> None:
    players = humans(A, B, C, D)
    ranked = sides(None, None, players, Outcome((2,), "race", scores={0: 5, 1: 7, 2: 9, 3: 7}))
    assert ranked == [Side((0,), 4), Side((1,), 2), Side((2,), 1), Side((3,), 2)]
    rated = rate(ranked, players, {}, winners=(2,))
    assert rated is not None
    after = rated.after
    assert after[C].mu > ratings.MU > after[A].mu
    assert after[B] == after[D]  # tied, equal before: equal after
    assert after[C].wins == 1 and after[B].wins == 0 and all(r.games == 1 for r in after.values())
    assert rated.before_shown == dict.fromkeys((A, B, C, D), 1000)


def test_winners_without_scores_share_first_place_and_the_rest_share_the_next() -> None:
    ranked = sides(None, None, humans(A, B, C), Outcome((0, 2), "won"))
    assert [s.rank for s in ranked] == [1, 3, 1]


def test_no_winner_and_no_scores_or_an_abandoned_game_is_not_rated() -> None:
    assert sides(None, None, humans(A, B), Outcome((), "draw")) == []
    assert sides(None, None, humans(A, B), Outcome((), "abandoned", scores={0: 1, 1: 0})) == []
    assert ratings.update(7, "toy", None, None, humans(A, B), Outcome((), "abandoned")) is None


def test_ai_seats_are_not_rated_but_play_at_the_fixed_default() -> None:
    players = humans(A, None, None)
    ranked = sides(None, None, players, Outcome((0,), "race"))
    rated = rate(ranked, players, {}, winners=(0,))
    assert rated is not None and set(rated.after) == {A}
    assert rated.after[A].mu > ratings.MU and rated.after[A].wins == 1
    # the AI side is a constant opponent: the same result against it moves a rating the same way
    again = rate(ranked, players, {A: Rating()}, winners=(0,))
    assert again is not None and again.after[A] == rated.after[A]
    assert AI_RATING == (ratings.MU, ratings.SIGMA)


def test_a_game_of_ai_seats_only_is_not_rated() -> None:
    assert ratings.update(7, "toy", None, None, humans(None, None), Outcome((0,), "race")) is None


def test_team_members_move_together_and_a_human_teammate_of_an_ai_is_rated() -> None:
    class Teams:
        def rating_teams(self, state: object, seats: int) -> list[tuple[int, ...]]:
            return [(0, 1), (2, 3)]

    players = humans(A, None, C, D)
    found = ratings.update(7, "toy", Teams(), object(), players, Outcome((0, 1), "won"))  # type: ignore[arg-type]
    assert found is not None and found.users == (A, C, D)
    assert [s.seats for s in found.ranked] == [(0, 1), (2, 3)] and [s.rank for s in found.ranked] == [1, 2]
    rated = found({})
    assert rated is not None and set(rated.after) == {A, C, D}
    assert rated.after[A].mu > ratings.MU > rated.after[C].mu
    assert rated.after[C] == rated.after[D] and rated.after[A].wins == 1 and rated.after[C].wins == 0


def test_a_game_that_says_it_counts_for_nothing_is_not_rated() -> None:
    class Void:
        def rating_teams(self, state: object, seats: int) -> list[tuple[int, ...]]:
            return []

    assert ratings.update(7, "toy", Void(), object(), humans(A, B), Outcome((0,), "won")) is None  # type: ignore[arg-type]


def test_a_resigned_human_is_rated_as_losing_even_when_their_side_wins() -> None:
    class Teams:
        def rating_teams(self, state: object, seats: int) -> list[tuple[int, ...]]:
            return [(0, 1), (2,)]

    players = [Player(0, A), Player(1, B, ai=True, resigned=True), Player(2, C)]  # B resigned: the AI took over
    found = ratings.update(7, "toy", Teams(), object(), players, Outcome((0, 1), "won"))  # type: ignore[arg-type]
    assert found is not None
    assert [(s.seats, s.rank) for s in found.ranked] == [((0,), 1), ((2,), 2), ((1,), 3)]
    rated = found({})
    assert rated is not None and rated.after[B].mu < ratings.MU < rated.after[A].mu
    assert rated.after[B].wins == 0


def test_stored_ratings_are_the_starting_point() -> None:
    players = humans(A, B)
    ranked = sides(None, None, players, Outcome((1,), "won"))
    strong = Rating(35.0, 3.0, 10, 8)
    rated = rate(ranked, players, {A: strong})
    assert rated is not None
    assert rated.before_shown[A] == strong.shown and rated.after[A].games == 11 and rated.after[A].wins == 8
    assert rated.after[A].mu < strong.mu  # the favourite lost


# ---------------------------------------------------------------------- the games' sides
def test_judtho_duo_is_free_for_all_trio_is_the_single_player_against_the_partnership() -> None:
    game = get_game("judtho")
    duo = game.new_game({}, 2, SeededChance("r"))
    assert game.rating_teams(duo, 2) == [(0,), (1,)]
    trio = game.new_game({}, 3, SeededChance("r"))
    assert sorted(game.rating_teams(trio, 3)) == [(0,), (1, 2)]


def test_judtho_quattro_rates_the_alliances_standing_at_the_end_and_a_void_game_not_at_all() -> None:
    from rules.judtho import alliances as al

    game = get_game("judtho")
    state = game.new_game({}, 4, SeededChance("r"))
    assert sorted(game.rating_teams(state, 4)) == [(0,), (1,), (2,), (3,)]
    rel = state.rel()
    state.set_rel(dataclasses.replace(rel, stage=al.OVER, alliances=(("white", "red", "black"),),
                                      winners=("yellow",), end="third_conquest"))
    assert sorted(game.rating_teams(state, 4)) == [(0, 1, 3), (2,)]
    state.set_rel(dataclasses.replace(rel, stage=al.OVER, end="void"))
    assert game.rating_teams(state, 4) == []


@pytest.mark.parametrize("seats", [4, 6, 9])
def test_the_city_of_judgement_rates_each_faction_together_and_each_commoner_alone(seats: int) -> None:
    game = get_game("judgement")
    state = game.new_game({}, seats, SeededChance(f"r{seats}"))
    identities = [p.identity for p in state.players]
    teams = game.rating_teams(state, seats)
    assert sorted(s for t in teams for s in t) == list(range(seats))
    for team in teams:
        kinds = {identities[s] for s in team}
        assert len(kinds) == 1
        if kinds == {"commoner"}:
            assert len(team) == 1
    for faction in ("guard", "assassin"):
        members = tuple(s for s, i in enumerate(identities) if i == faction)
        assert members and members in teams
