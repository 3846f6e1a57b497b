"""Events in words, in French (default) and English."""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.core.game import Event, Result, counted, french_a, french_de, seat_name

from .cards import catalogue


def _name(key: object, lang: str) -> str:
    for ns in (False, True):
        cr = catalogue(ns).get(str(key))
        if cr is not None:
            return cr.name if lang == "fr" else cr.name_en
    return str(key)


def _text(key: object, lang: str) -> str:
    for ns in (False, True):
        cr = catalogue(ns).get(str(key))
        if cr is not None:
            return (cr.text_fr if lang == "fr" else cr.text_en).rstrip(".")
    return ""


def _team(team: object, seats: object, lang: str, names: Sequence[str] | None) -> str:
    if isinstance(seats, list) and len(seats) == 1:
        return seat_name(int(seats[0]), lang, names)
    if isinstance(seats, list):
        who = " & ".join(str(int(x) + 1) if names is None else names[int(x)] for x in seats)
        return f"l'équipe {'AB'[int(str(team))]} ({who})" if lang == "fr" else \
            f"team {'AB'[int(str(team))]} ({who})"
    return f"l'équipe {team}" if lang == "fr" else f"team {team}"


_VERBS = {
    "fr": {"defeat": "détruit", "grant_keywords": "gagne un mot-clé", "effect": "agit"},
    "en": {"defeat": "defeats", "grant_keywords": "gains a keyword", "effect": "acts"},
}


def describe_event(event: Event, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """One line for an event, seats named by `names` when given ("Joueur 2" otherwise);
    unknown kinds fall back to their raw data."""
    lang = "en" if lang == "en" else "fr"
    fr = lang == "fr"
    d = event.data

    def seat(key: str) -> str:
        return seat_name(int(d[key]), lang, names)

    who = seat("seat") if "seat" in d else ""
    card = _name(d.get("key"), lang)
    k = event.kind
    if k == "draw":
        return (f"{who} pioche {counted(int(d['count']), 'carte', 'cartes')}." if fr else
                f"{who} draws {counted(int(d['count']), 'card', 'cards', 'en')}.")
    if k == "drawn":
        cards = ", ".join(_name(x, lang) for x in d.get("keys", []))
        return f"{who} pioche : {cards}." if fr else f"{who} draws: {cards}."
    if k == "turn":
        return (f"Tour {d['turn']} : {french_a(who)}." if fr
                else f"Turn {d['turn']}: {who} to play.")
    if k == "play":
        return f"{who} joue {card}." if fr else f"{who} plays {card}."
    if k == "mindbug":
        foe = seat("from")
        return (f"{who} utilise un Mindbug et prend {card} {french_a(foe)}, qui rejoue !"
                if fr
                else f"{who} uses a Mindbug and takes {card} from {foe}, who acts "
                     "again!")
    if k == "mindbug_declined":
        return f"{who} laisse passer, sans Mindbug." if fr else \
            f"{who} lets it through, no Mindbug."
    if k == "mindfrog":
        return (f"{who} utilise sa Mindfrog et prend {card} à son coéquipier." if fr
                else f"{who} uses their Mindfrog and takes {card} from their teammate.")
    if k == "enter":
        how = d.get("how")
        if fr:
            what = {"played": "entre en jeu", "stolen": "entre en jeu chez le voleur",
                    "mindfrog": "entre en jeu (Mindfrog)", "effect": "est mise en jeu par un effet"}
        else:
            what = {"played": "enters play", "stolen": "enters play for the thief",
                    "mindfrog": "enters play (Mindfrog)", "effect": "is put into play by an effect"}
        return f"{card} {what.get(str(how), '')} ({who})."
    if k == "attack":
        return f"{who} attaque avec {card}." if fr else f"{who} attacks with {card}."
    if k == "hunt":
        b = _name(d.get("blocker_key"), lang)
        return (f"{card} (CHASSEUR) force {b} à bloquer." if fr
                else f"{card} (HUNTER) makes {b} block.")
    if k == "block":
        b = _name(d.get("blocker_key"), lang)
        return f"{who} bloque {card} avec {b}." if fr else f"{who} blocks {card} with {b}."
    if k == "no_block":
        return f"{who} ne bloque pas." if fr else f"{who} does not block."
    if k == "cannot_block":
        return f"{who} ne peut pas bloquer {card}." if fr else f"{who} cannot block {card}."
    if k == "unblocked":
        return (f"{card} n'est pas bloquée : 1 point de vie perdu." if fr
                else f"{card} is not blocked: 1 life lost.")
    if k == "fight":
        b = _name(d.get("blocker_key"), lang)
        return (f"Combat : {card} ({d['power']}) contre {b} ({d['blocker_power']})." if fr
                else f"Fight: {card} ({d['power']}) against {b} ({d['blocker_power']}).")
    if k == "exhausted":
        return (f"{card} est CORIACE : elle s'incline au lieu d'être détruite." if fr
                else f"{card} is TOUGH: it is exhausted instead of defeated.")
    if k == "defeated":
        owner = seat("owner")
        why = ""
        if event.ruling == "MB-14":
            why = " (VENIMEUX)" if fr else " (POISONOUS)"
        return (f"{card} est détruite{why} et va dans la défausse {french_de(owner)}."
                if fr
                else f"{card} is defeated{why} and goes to {owner}'s discard pile.")
    if k == "life":
        ch = int(d["change"])
        team = _team(d["team"], d.get("seats"), lang, names)
        life = int(d["life"])
        if ch < 0:
            lost = counted(-ch, "point", "points")
            return (f"{team} perd {lost} de vie : il en reste {life}." if fr
                    else f"{team} loses {-ch} life: {life} left.")
        if ch > 0:
            return (f"{team} gagne {counted(ch, 'point', 'points')} de vie : {life} en tout." if fr
                    else f"{team} gains {ch} life: {life} in all.")
        return (f"Points de vie {french_de(team)} : {life}." if fr else f"Life of {team}: {life}.")
    if k == "frenzy":
        return f"{card} (FURIE) attaque une seconde fois." if fr else \
            f"{card} (FRENZY) attacks a second time."
    if k == "rapid":
        return f"{card} (RAPIDE) attaque aussitôt." if fr else f"{card} (FAST) attacks at once."
    if k == "order":
        return (f"{who} fait d'abord agir {card}." if fr
                else f"{who} resolves {card} first.")
    if k == "foe":
        # Tag Team: "the opponent" of the card's effect is the one its controller names.
        foe = seat("foe")
        return (f"{who} choisit {foe} comme adversaire visé par {card}." if fr
                else f"{who} chooses {foe} as the opponent {card} targets.")
    if k == "silenced":
        return (f"L'effet Jouer de {card} ne s'applique pas." if fr
                else f"The Play effect of {card} does not happen.")
    if k == "condition_unmet":
        return (f"La condition de {card} n'est pas remplie." if fr
                else f"The condition of {card} is not met.")
    if k == "effect":
        # The card's own text says what the effect does (MB-30).
        text = _text(d.get("key"), lang)
        verb = _VERBS[lang].get(str(d.get("verb")), _VERBS[lang]["effect"])
        return (f"Effet de {card} — {text}." if fr
                else f"Effect of {card} — {text}.") if text else f"{card} {verb}."
    if k == "control":
        return (f"{who} prend le contrôle de {card} ({seat('from')})." if fr
                else f"{who} takes control of {card} ({seat('from')}).")
    if k == "forbid_block":
        t = _name(d.get("target_key"), lang)
        return f"{t} ne peut pas bloquer ce tour." if fr else f"{t} cannot block this turn."
    if k == "discard":
        cards = ", ".join(_name(x, lang) for x in d.get("keys", []))
        foe = seat("foe")
        return f"{foe} défausse : {cards or 'rien'}." if fr else \
            f"{foe} discards: {cards or 'nothing'}."
    if k == "recover":
        return (f"{who} reprend sa défausse en main ({len(d['cards'])} cartes)." if fr
                else f"{who} takes their discard pile back ({len(d['cards'])} cards).")
    if k == "steal_hand":
        n = int(d["count"])
        return (f"{who} prend {counted(n, 'carte', 'cartes')} au hasard "
                f"{french_a(seat('foe'))}." if fr
                else f"{who} takes {counted(n, 'random card', 'random cards', 'en')} from "
                     f"{seat('foe')}.")
    if k in ("stolen_cards", "given_card"):
        keys = d.get("keys", [d.get("key")])
        cards = ", ".join(_name(x, lang) for x in keys)
        return f"Cartes concernées : {cards}." if fr else f"Cards involved: {cards}."
    if k == "given":
        return (f"{seat('foe')} donne une carte {french_a(who)}." if fr
                else f"{seat('foe')} gives a card to {who}.")
    if k == "kept":
        return f"{who} garde la carte en main." if fr else f"{who} keeps the card in hand."
    if k == "revived":
        return f"{who} rejoue {card} depuis sa défausse." if fr else \
            f"{who} plays {card} from their discard pile."
    if k == "from_discard":
        t = _name(d.get("target_key"), lang)
        return f"{card} fait jouer {t} depuis une défausse." if fr else \
            f"{card} plays {t} from a discard pile."
    if k == "attack_ends":
        return f"L'attaque de {card} s'arrête." if fr else f"The attack of {card} ends."
    if k == "no_action":
        if fr and names is not None:  # "il perd" would give every name a gender
            return f"{who} ne peut ni jouer ni attaquer et perd."
        return (f"{who} ne peut ni jouer ni attaquer : il perd." if fr
                else f"{who} can neither play nor attack: they lose.")
    if k == "pass":
        return f"{who} ne peut pas agir et passe." if fr else f"{who} cannot act and passes."
    if k == "game_over":
        # Who won and why is said once, by the room's end panel (describe_result), not
        # again in the log (issue 20).
        return "Fin de la partie." if fr else "Game over."
    args = ", ".join(f"{a}={v}" for a, v in d.items())
    return f"{k}({args})"


def describe_result(result: Result, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """Why the game ended, in one sentence with the life left (MB-19 keeps both); seats
    named by `names` when given."""
    fr = lang != "en"
    n = len(result.ranks)
    winners = [s for s in range(n) if result.ranks[s] == 0]
    losers = [s for s in range(n) if result.ranks[s] != 0]

    def side(seats: list[int]) -> str:
        if n == 2:
            return seat_name(seats[0], lang, names)
        return _team(seats[0] % 2, seats, lang, names)

    def life(seats: list[int]) -> int:
        return int(result.scores[seats[0]]) if seats else 0

    if result.reason == "turn_limit" or not losers:
        return (f"La partie atteint la limite de tours : égalité, à {life([0])} contre "
                f"{life([1])} points de vie." if fr else
                f"The game reached the turn limit: a draw, at {life([0])} to {life([1])} life.")
    win, lose = side(winners), side(losers)
    left = life(winners)
    if result.reason == "life":
        return (f"{_cap(lose)} n'a plus de points de vie ; {win} gagne avec "
                f"{counted(left, 'point', 'points')} de vie." if fr else
                f"{_cap(lose)} has no life left; {win} wins with {left} life.")
    if result.reason == "no_action":
        return (f"{_cap(lose)} ne pouvait ni jouer ni attaquer ; {win} gagne, à "
                f"{left} contre {life(losers)} points de vie." if fr else
                f"{_cap(lose)} could neither play nor attack; {win} wins, at {left} to "
                f"{life(losers)} life.")
    if result.reason == "team_stuck":
        return (f"Les deux joueurs {french_de(lose)} n'ont pas pu agir l'un après l'autre"
                f" ; {win} gagne avec {counted(left, 'point', 'points')} de vie." if fr
                else
                f"Both players of {lose} could not act one after the other; {win} wins "
                f"with {left} life.")
    return result.detail or result.reason


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
