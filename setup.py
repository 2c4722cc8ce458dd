"""Which packages the wheel holds (everything else about the build is in pyproject.toml).

The code packages are found as usual. The data folder, `data/` at the top of the repository
(each game's TOML, the fonts, the catalogues), is installed as the package `gavel.data`, where
`rules.data` finds it when Gavel is installed; the checkout keeps it where it is. pyproject.toml
cannot say both (its package list is either found or written out whole), hence this file.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["gavel", "gavel.*", "rules*", "cogs*", "renderer*"]), "gavel.data"],
    package_dir={"gavel.data": "data"},
)
