"""Diamagique's encoding for the AI adapters: action ids and a seat's view, as numbers."""

from __future__ import annotations

import pytest

from ludotheque.core import Config, Encoding, EncodingError, Rng
from ludotheque.games.diamagique import GAME, DeckSpec, DiamagiqueOptions
from ludotheque.games.diamagique.cards import COULEURS
from ludotheque.games.diamagique.catalog import CARDS
from ludotheque.games.diamagique.encoding import action_texts, diamagique_encoding
from ludotheque.games.diamagique.notation import JouerChateau, Lancer
from ludotheque.games.diamagique.rules import DEFI, DIAMAGIQUE, DiamagiqueState
from tests.games.encoding_checks import check_encoded_playouts

from .helpers import play, stacked

CONFIGS = list(GAME.configs())
IDS = [c.label for c in CONFIGS]


def encoding_of(options: DiamagiqueOptions) -> Encoding:
    encoding = GAME.encoding(2, options)
    assert encoding is not None
    return encoding


def number(encoding: Encoding, seen: list[float], name: str) -> float:
    return seen[encoding.observation_names.index(name)]


def observe(encoding: Encoding, state: DiamagiqueState, seat: int) -> list[float]:
    return encoding.observe(state.view(seat), seat)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_playouts_have_an_id_for_every_legal_action_and_hide_what_they_must(
        config: Config) -> None:
    # The other hand, the deck orders, face-down Sorts and unseen Diamagiques re-dealt: the
    # seat sees the same numbers.
    check_encoded_playouts(GAME, config, range(6), lambda seed: Rng(2000 + seed))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_ids_are_stable_and_every_text_is_an_action_of_the_notation(config: Config) -> None:
    assert isinstance(config.options, DiamagiqueOptions)
    first = encoding_of(config.options)
    again = encoding_of(DiamagiqueOptions.model_validate(config.options.model_dump()))
    assert again is first  # cached per setup
    decks = tuple(CARDS.deck(name) for name in config.options.decks)  # type: ignore[arg-type]
    rebuilt = diamagique_encoding.__wrapped__(decks, config.options.official_match)
    assert rebuilt.actions == first.actions
    assert rebuilt.observation_names == first.observation_names
    in_decks = {s for d in decks for s in d.sorts}
    for i, text in enumerate(first.actions):
        action = GAME.parse(text)
        assert action.text() == text and first.action_id(text) == i
        if isinstance(action, Lancer):
            assert action.sort in in_decks
        # DG-10: the Château is chosen only in an official match.
        assert config.options.official_match or not isinstance(action, JouerChateau)


def test_the_ids_follow_the_documented_order() -> None:
    decks = (CARDS.deck("Aube"), CARDS.deck("Marées"))
    texts = action_texts(decks, official=False)
    sorts = sorted(set(decks[0].sorts) | set(decks[1].sorts))
    # Each Sort of the two decks in the set's order, cast by M1, M2, M3.
    assert [GAME.parse(t) for t in texts[:3]] == [Lancer(sorts[0], p) for p in range(3)]
    assert [GAME.parse(t) for t in texts[3:6]] == [Lancer(sorts[1], p) for p in range(3)]
    # 28 Sorts cast by three Magiciens, 28 discards, three placements.
    assert len(texts) == len(sorts) * 4 + 3
    assert texts[len(sorts) * 3].startswith("defausse ")
    assert texts[-3:] == ("pose M1", "pose M2", "pose M3")
    official = action_texts(decks, official=True)
    assert official[:len(texts)] == texts
    assert all(t.startswith("chateau ") for t in official[len(texts):])


def test_a_custom_deck_and_a_position_share_the_ids_of_the_same_cards() -> None:
    aube = CARDS.deck("Aube")
    counts: dict[str, int] = {}
    for s in aube.sorts:
        counts[CARDS.sorts[s].name] = counts.get(CARDS.sorts[s].name, 0) + 1
    custom = DeckSpec(name="Aube", equipe=CARDS.equipes[aube.equipe].name, sorts=counts,
                      chateaux=tuple(CARDS.chateaux[c].name for c in aube.chateaux))
    plain = encoding_of(DiamagiqueOptions())
    assert encoding_of(DiamagiqueOptions(decks=(custom, "Marées"))) is plain
    held = {"held": ((("Rouge",), (), ()), ((), (), ()))}
    assert encoding_of(DiamagiqueOptions.model_validate({"position": held})) is plain


def test_the_numbers_at_the_start_of_a_game() -> None:
    encoding = encoding_of(DiamagiqueOptions())
    state = stacked(seed=4, active=0, hands=(["Tison", "Tison", "Fonte", "Brûlure", "Fonte"],
                                             ["Onde claire"] * 2 + ["Épines"] * 3))
    mine = observe(encoding, state, 0)
    theirs = observe(encoding, state, 1)
    # DG-10 / DG-11: a Château played and one Diamagique drawn from the pot of 12.
    assert number(encoding, mine, "pot") == pytest.approx(11 / 12)
    assert number(encoding, mine, "en_jeu.count") == number(encoding, theirs, "en_jeu.count") \
        == pytest.approx(1 / 12)
    colour = state.on_chateau[0]
    seen = f"en_jeu.{COULEURS[colour].lower()}"
    # DG-11: only the active player saw its colour.
    assert number(encoding, mine, seen) == pytest.approx(1 / 3)
    assert sum(number(encoding, theirs, f"en_jeu.{c.lower()}") for c in COULEURS) == 0.0
    assert number(encoding, mine, "phase.defi") == 1.0
    assert number(encoding, mine, "active.mine") == 1.0 and number(encoding, theirs,
                                                                   "active.mine") == 0.0
    # Own hand by Sort, counted in thirds (DG-7: 3 copies at most).
    assert number(encoding, mine, "hand.tison") == pytest.approx(2 / 3)
    assert number(encoding, mine, "hand.fonte") == pytest.approx(2 / 3)
    assert number(encoding, theirs, "hand.epines") == pytest.approx(1.0)
    assert number(encoding, theirs, "hand.tison") == 0.0
    assert number(encoding, mine, "hand_size.opponent") == pytest.approx(5 / 8)
    assert number(encoding, mine, "diamagiques.mine") == 0.0


def test_a_cache_sort_is_face_down_for_the_opponent_until_the_reveal() -> None:
    encoding = encoding_of(DiamagiqueOptions())
    state = stacked(active=0, hands=(["Incendie secret", "Tison", "Tison", "Fonte", "Fonte"],
                                     ["Onde claire"] * 2 + ["Épines"] * 3))
    play(state, "M2 incendie-secret")
    mine = observe(encoding, state, 0)
    theirs = observe(encoding, state, 1)
    # DG-13: cast face down; its caster knows it, the opponent sees a face-down card.
    assert number(encoding, mine, "cast.mine.M2.incendie-secret") == 1.0
    assert number(encoding, theirs, "cast.opponent.M2.incendie-secret") == 0.0
    assert number(encoding, theirs, "cast.opponent.M2.face_down") == 1.0
    assert number(encoding, theirs, "cast.opponent.M2.rank") == pytest.approx(1 / 6)
    play(state, "M1 onde-claire")
    theirs = observe(encoding, state, 0)
    # DG-12: a Sort cast openly is seen by both, with its Puissance.
    assert number(encoding, theirs, "cast.opponent.M1.onde-claire") == 1.0
    assert number(encoding, theirs, "puissance_visible.opponent") == pytest.approx(4 / 10)


def test_a_won_challenge_shows_its_totals_and_the_diamagiques_placed() -> None:
    encoding = encoding_of(DiamagiqueOptions())
    state = stacked(active=0, hands=(["Tison"] * 3 + ["Fonte"] * 2, ["Épines"] * 5))
    while state.phase == DEFI:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.last is not None
    winner = int(state.last["winner"])
    seen = observe(encoding, state, 0)
    for s in (0, 1):
        r = "mine" if s == 0 else "opponent"
        total = state.last["totals"][s]
        assert number(encoding, seen, f"last.total.{r}") == pytest.approx(total / 20)
        assert number(encoding, seen, f"last.winner.{r}") == float(winner == s)
    assert number(encoding, seen, "last.this_turn") == 1.0
    assert state.phase == DIAMAGIQUE  # DG-16: won, not tied
    assert number(encoding, seen, "phase.diamagique") == 1.0
    won = list(state.won)
    assert number(encoding, seen, f"won.{COULEURS[won[0]].lower()}") > 0.0
    play(state, "pose M3")
    winners = observe(encoding, state, winner)
    losers = observe(encoding, state, 1 - winner)
    # DG-17: the won Diamagiques go on the chosen Magicien, face up, seen by both.
    assert number(encoding, winners, "diamagiques.mine") == pytest.approx(len(won) / 6)
    assert number(encoding, losers, "diamagiques.opponent") == pytest.approx(len(won) / 6)
    for colour in set(won):
        name = COULEURS[colour].lower()
        assert number(encoding, winners, f"held.mine.M3.{name}") \
            == pytest.approx(won.count(colour) / 3)
        assert number(encoding, losers, f"held.opponent.{name}") \
            == pytest.approx(won.count(colour) / 3)

def test_a_sort_outside_the_two_decks_is_refused() -> None:
    encoding = encoding_of(DiamagiqueOptions())
    # A stacked hand may hold any Sort; "Bruine" is in neither Aube nor Marées.
    state = stacked(active=0, hands=(["Tison"] * 5, ["Bruine"] * 5))
    with pytest.raises(EncodingError, match="Bruine"):
        observe(encoding, state, 1)
