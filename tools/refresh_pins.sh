#!/usr/bin/env bash
# Refresh constraints.txt, the pinned versions every install uses (README's two commands, .ci/run).
#
#   tools/refresh_pins.sh                  # the newest versions pyproject.toml's bounds allow
#   tools/refresh_pins.sh 'babel==2.18.0'  # the same, holding some packages at a version
#
# Resolves in a scratch virtual environment (the project with its test extras, as the README's
# test command installs it), then writes what pip installed there, every package by its exact
# version, pip and setuptools included. Nothing changes for anyone until the new file is
# committed: run the whole suite with it first (`.venv/bin/pip install -c constraints.txt -e
# ".[test]"` then `.venv/bin/python -m pytest`), and commit it only when it passes.
#
# Why pip's own constraints file and not a resolver tool: it needs nothing beyond pip, it pins
# exactly the set that was installed (and so tested), and `pip install -c` leaves pyproject.toml's
# dependencies as the one list of what the project needs.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=$(mktemp -d /tmp/latrunculi-pins.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
python3 -m venv "$scratch/venv"
"$scratch/venv/bin/python" -m pip install --quiet --upgrade pip setuptools
holds=()
if [ "$#" -gt 0 ]; then
    printf '%s\n' "$@" >"$scratch/holds.txt"
    holds=(-c "$scratch/holds.txt")
fi
"$scratch/venv/bin/python" -m pip install --quiet "${holds[@]}" -e ".[test]"
{
    echo "# Pinned versions of every package an install brings (README, .ci/run: pip install -c)."
    echo "# Made by tools/refresh_pins.sh${*:+ $*} on $(date -u +%Y-%m-%d) with Python $("$scratch/venv/bin/python" -c 'import platform; print(platform.python_version())')."
    echo "# Do not edit by hand: refresh with that script, run the tests, then commit."
    "$scratch/venv/bin/python" -m pip freeze --all --exclude-editable | grep -v '^latrunculi-bot' | sort -f
} >constraints.txt
# The build backend too (pip's -c does not reach the isolated build of `pip install -e .`):
# pyproject.toml's [build-system] requires the setuptools just pinned.
setuptools=$(grep -i '^setuptools==' constraints.txt)
sed -i -E "s/^requires = \[\"setuptools[^\"]*\"\]/requires = [\"${setuptools}\"]/" pyproject.toml
echo "constraints.txt: $(grep -vc '^#' constraints.txt) packages pinned; build backend ${setuptools}" >&2
