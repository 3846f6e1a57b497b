"""Play many seeded MiTiX games through the engine and write the balance report.

    python bench/mitix_balance.py                       # writes docs/balance/mitix.md
    python bench/mitix_balance.py --games 20000 --famix-games 5000 --out report.md

Both seats use the "Collection complète" paquet (every card of the base set once), so every
card fights equally often; FaMiX choices are uniformly random among the legal actions.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from ludotheque.core.rng import Rng, derive_seed
from ludotheque.core.stats import wilson
from ludotheque.games.mitix import GAME
from ludotheque.games.mitix.balance import BalanceTally
from ludotheque.games.mitix.game import MitixOptions

LOW, HIGH = 0.20, 0.80

CHANGES = """\
The first draft of the set gave each card a Bios and an attack from its place in the myths
(mortals about 350 + 30, heroes 600 + 100, monsters 640 + 100, Dieux 800-960 + 100-150). In
MiTiX vs MiTiX a round between two cards without Olympe effect is won by the higher
*force* = Bios + attack (a's final Bios beats b's exactly when Bios(a) + attack(a) >
Bios(b) + attack(b)), so a card's win rate is set by its force rank, moved a little by the
Olympe. Ten mortals won less than 20% of their rounds (Icare 7%, Déjanire 8%, Danaé 11% ...),
since the weakest card of a strict order can only win through the Olympe.

What changed, in three passes of the simulator:
1. Forces in tiers. The 26 humblest non-god cards (mortals, seers, minor heroes, nymphs) now
   share one force, 520 (their Bios and attack differ, their sum does not): between them a
   round is a tie and a bataille, which each side wins about half the time. Above them, tiers
   of 640, 680, 720, 760 and 800 for kings, Titans, heroes and monsters. The Dieux kept their
   values (force 850-1110): they are not bound by the 20-80% target and an Olympe-supported
   card can still beat them (MX-7).
2. Friends of the humble. Amis taken from the myths were added so that the weak are often
   supported from the Olympe: Athéna protects Icare, Andromède, Pénélope, Jason, Achille,
   Dédale, Pégase, Tirésias; Zeus protects Danaé, Minos, Pollux, Iolaos, Mnémosyne, Pégase;
   Ariane loves Icare, Pasiphaé, Dédale; Dionysos and Iolaos stand by Déjanire; Jason by Castor,
   Pollux and Atalante; Thésée shelters Œdipe; Hermès guides Priam; Apollon leads Mnémosyne's
   Muses; Héra backs her monsters and Eurysthée. A few Ennemis too (Zeus against Hypérion and
   Charybde, Héra against Tirésias, Hadès against Thésée, Aphrodite against Atalante).
3. Kings up a tier. Polydecte, Minos, Agamemnon, Eurysthée and the centaur Nessos, who have
   few friends and several enemies, moved from the humble tier to force 640.
4. Even default paquets. The first default paquets split the set by nature ("Héros de
   l'Olympe" against "Titans et monstres"); the monsters won 72% of their games in both
   modes. The default paquets now split it by myth cycle, each cycle with its heroes, its
   monsters and its mortals: "Quêtes des héros" (Héraclès, Persée, Crète, Argonautes; Zeus,
   Athéna, Héra, Hermès, Arès) against "Troie, Thèbes et les Titans" (Troie, Odyssée, Thèbes,
   Titans but Cronos and Hypérion, Cerbère, Charon; Hadès, Poséidon, Apollon, Aphrodite).
   Dropping Cronos, Hypérion and Déjanire and adding Arès brought both modes within three
   points of 50%. The two old paquets still ship, as optional ones.
"""


def play(mode: str, games: int, tally: BalanceTally) -> dict[str, float]:
    full = list(GAME.paquet("Collection complète"))
    wins: Counter[str] = Counter()
    actions = 0
    for seed in range(games):
        state = GAME.new(seed, options={"mode": mode, "paquets": [full, full]})
        rng = Rng(derive_seed("balance", mode, seed))
        while not state.is_over():
            seat = rng.choice(state.to_act())
            tally.feed(state.apply(seat, rng.choice(state.legal_actions(seat))))
            actions += 1
        result = state.result()
        assert result is not None
        wins["draw" if result.is_draw else f"seat{result.winners[0] + 1}"] += 1
    return {"seat1": wins["seat1"] / games, "seat2": wins["seat2"] / games,
            "draw": wins["draw"] / games, "actions": actions / games}


def head_to_head(mode: str, games: int) -> list[str]:
    """The two default paquets against each other, each seat order `games` times."""
    first, second = GAME.paquets(MitixOptions())
    names = [p.nom for p in GAME.default_paquets[:2]]
    wins = [0, 0, 0]  # first paquet, second paquet, draws
    for seed in range(games):
        for swap in (False, True):
            paquets = [second, first] if swap else [first, second]
            state = GAME.new(seed, options={"mode": mode, "paquets": paquets})
            rng = Rng(derive_seed("head-to-head", mode, seed, swap))
            while not state.is_over():
                seat = rng.choice(state.to_act())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            result = state.result()
            assert result is not None
            if result.is_draw:
                wins[2] += 1
            else:
                wins[result.winners[0] ^ int(swap)] += 1
    total = 2 * games
    lines = []
    for i in (0, 1):
        low, high = wilson(wins[i], total)
        lines.append(f"| {names[i]} | {wins[i] / total:.1%} | {low:.1%} – {high:.1%} |")
    return [f"{total} games ({games} seeds, each paquet in each seat); draws "
            f"{wins[2] / total:.1%}.", "", "| paquet | wins | 95% CI (Wilson) |",
            "|---|---:|---|", *lines, ""]


def table(tally: BalanceTally, mode: str) -> list[str]:
    cards = GAME.cards
    lines = ["| card | family | Dieu | force | rounds | won | rate | 95% CI (Wilson) |",
             "|---|---|---|---:|---:|---:|---:|---|"]
    rows = sorted(tally.cards.items(), key=lambda kv: kv[1].rate)
    for name, record in rows:
        entry = cards.card(name)
        low, high = record.interval()
        flag = ""
        if mode == "mitix" and not entry.dieu and not LOW <= record.rate <= HIGH:
            flag = " **off target**"
        lines.append(f"| {name} | {entry.famille} | {'yes' if entry.dieu else ''} | "
                     f"{entry.bios + entry.attaque} | {record.fights} | {record.wins} | "
                     f"{record.rate:.1%}{flag} | {low:.1%} – {high:.1%} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="MiTiX vs MiTiX games")
    parser.add_argument("--famix-games", type=int, default=5_000, help="FaMiX vs FaMiX games")
    parser.add_argument("--paquet-games", type=int, default=3_000,
                        help="seeds for the default paquets head to head, per mode")
    parser.add_argument("--out", type=Path, default=Path("docs/balance/mitix.md"))
    args = parser.parse_args()
    started = time.perf_counter()
    sections: list[str] = []
    outside: list[str] = []
    for mode, games, title in (("mitix", args.games, "MiTiX vs MiTiX"),
                               ("famix", args.famix_games, "FaMiX vs FaMiX")):
        tally = BalanceTally()
        stats = play(mode, games, tally)
        if mode == "mitix":
            outside = [n for n, r in tally.cards.items()
                       if not GAME.cards.card(n).dieu and not LOW <= r.rate <= HIGH]
        sections += [
            f"## {title}", "",
            "### The default paquets head to head", "",
            *head_to_head(mode, args.paquet_games),
            "### Each card of the collection", "",
            f"{games} games (seeds 0 to {games - 1}), {tally.rounds} rounds, "
            f"{stats['actions']:.1f} actions per game on average. Wins: seat 1 "
            f"{stats['seat1']:.1%}, seat 2 {stats['seat2']:.1%}, draws {stats['draw']:.1%}.",
            "", *table(tally, mode), ""]
    verdict = ("no non-god card wins less than 20% or more than 80% of its rounds in MiTiX "
               "vs MiTiX." if not outside else
               "non-god cards outside the 20-80% target in MiTiX vs MiTiX: "
               + ", ".join(sorted(outside)) + ".")
    text = "\n".join([
        "# MiTiX: balance of the base set", "",
        "Written by `python bench/mitix_balance.py "
        f"--games {args.games} --famix-games {args.famix_games} --paquet-games "
        f"{args.paquet_games}`: games played through the "
        "engine from fixed seeds, so the report reproduces exactly.", "",
        "Method: both seats play the \"Collection complète\" paquet (every card of the base "
        "set once). A card *fights* a round when it is revealed in it (MiTiX, bataille reveals "
        "included) or is part of a combatant (FaMiX); face-down cards do not fight. The round "
        "counts as won for every card that fought on the winning side; a bataille without "
        "enough cards (no Vivant) counts as not won. In FaMiX every choice (combatant, carte "
        "mise en avant, resource placement, face-down card) is uniformly random among the "
        "legal actions; Dieux never fight there (they stand on the Olympe). Intervals: Wilson, "
        "95%. *Force* = Bios + attack: without an Olympe effect the higher force wins (MX-8).",
        "", f"**Target**: {verdict}", "",
        "## What was changed in the base set", "", CHANGES, *sections,
        ""])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s; {verdict}")


if __name__ == "__main__":
    main()
