#!/usr/bin/env bash
# The balance reports of src/ludotheque/sim/reports/ (shipped with the package, shown on the
# site at /balance): `ludo balance` for every game, Facile bots (node budgets only, so each
# report reproduces exactly). Some 25 minutes of one core. Each folder's findings.toml (the
# words, written by hand) is kept: it quotes the seat scores, so rewrite it if they change.
# Diamagique has one report per pairing of its four ready-made decks (six): 200 games each,
# some 10 minutes of one core for the six (DIAMAGIQUE_GAMES to change it).
#   bash bench/balance_reports.sh [GAMES]      # default 1000 games a report
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
nd=${DIAMAGIQUE_GAMES:-200}
out=src/ludotheque/sim/reports
ludo=.venv/bin/ludo
$ludo balance mitan -n "$n" --bots facile:time=0 --out $out/mitan
$ludo balance mitix -n "$n" --out $out/mitix                     # no decision: chance only
$ludo balance mitix -n "$n" -o mode=famix --bots facile:time=0 --out $out/mitix-famix
$ludo balance mindbug -n "$n" --bots facile:time=0 --out $out/mindbug
$ludo balance diamagique -n "$nd" --bots facile:time=0 --out $out/diamagique   # Aube, Marées
for pair in "Aube Braises" "Aube Sylves" "Marées Braises" "Marées Sylves" "Braises Sylves"; do
  set -- $pair
  setup=diamagique-$(echo "$1-$2" | tr 'A-Z' 'a-z' | sed 's/é/e/g')
  $ludo balance diamagique -n "$nd" --bots facile:time=0 -o "decks=[\"$1\",\"$2\"]" --out $out/"$setup"
done
$ludo balance mimik -n "$n" --bots facile:time=0 --out $out/mimik-2p
$ludo balance mimik -n "$n" -p 4 --bots facile:time=0 --out $out/mimik-4p
