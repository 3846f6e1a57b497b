"""`python -m ludotheque.cli`: the `ludo` command."""

from ludotheque.cli import main

main()
