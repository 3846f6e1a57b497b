"""Words for people: effects and events in French ("fr", the default) and English ("en")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheque.core import Event, counted, seat_name

from .cards import CATEGORIES, COLOURS_EN, Effet

_EN_COLOURS = COLOURS_EN

_CIBLE = {
    "fr": {"ce_sort": "ce Sort", "adverse": "le Sort adverse", "allies": "les Sorts de l'équipe",
           "adversaires": "les Sorts adverses", "tous": "tous les Sorts"},
    "en": {"ce_sort": "this Spell", "adverse": "the facing Spell", "allies": "the team's Spells",
           "adversaires": "the opposing Spells", "tous": "every Spell"},
}
_SOURCE = {
    "fr": {"adverse": "la Puissance du Sort adverse",
           "allies": "la Puissance des autres Sorts de l'équipe",
           "adversaires": "la Puissance des Sorts adverses",
           "diamagiques": "1 par Diamagique de l'équipe",
           "diamagiques_magicien": "1 par Diamagique de son Magicien"},
    "en": {"adverse": "the facing Spell's Power",
           "allies": "the Power of the team's other Spells",
           "adversaires": "the opposing Spells' Power",
           "diamagiques": "1 per Diamagique of the team",
           "diamagiques_magicien": "1 per Diamagique on its Wizard"},
}
CATEGORY_NAMES = {
    "fr": {"valeur": "valeur", "multiplicateur": "multiplicateur", "diviseur": "diviseur",
           "complexe_positif": "complexe positif", "complexe_negatif": "complexe négatif",
           "positif": "positif", "negatif": "négatif",
           "puissance_modifiee": "Puissance modifiée"},
    "en": {"valeur": "value", "multiplicateur": "multiplier", "diviseur": "divider",
           "complexe_positif": "complex positive", "complexe_negatif": "complex negative",
           "positif": "positive", "negatif": "negative",
           "puissance_modifiee": "modified Power"},
}


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "fr"


def colour(name: str, lang: str) -> str:
    return _EN_COLOURS.get(name, name) if _lang(lang) == "en" else name


def _colours(names: tuple[str, ...] | list[str], lang: str) -> str:
    sep = " or " if _lang(lang) == "en" else " ou "
    return sep.join(colour(n, lang) for n in names)


def effet_text(effet: Effet, lang: str = "fr") -> str:
    """An effect in words, e.g. "tous les Sorts : +1 si Jaune"."""
    lg = _lang(lang)
    n = effet.montant
    cat = effet.categorie
    factor = f"{effet.factor} × " if effet.factor != 1 else ""
    source = _SOURCE[lg].get(effet.source or "", "")
    if factor and source.startswith("1 "):  # "2 par Diamagique", not "2 × 1 par Diamagique"
        factor, source = "", f"{effet.factor}{source[1:]}"
    if lg == "fr":
        op = {"valeur": f"tombe à {n}", "multiplicateur": f"×{n}",
              "diviseur": f"÷{n} (arrondi inférieur)",
              "complexe_positif": f"+ {factor}{source}",
              "complexe_negatif": f"− {factor}{source}",
              "positif": f"+{n}", "negatif": f"−{n}",
              "puissance_modifiee": f"Puissance modifiée = {n}"}[cat]
    else:
        op = {"valeur": f"becomes {n}", "multiplicateur": f"×{n}",
              "diviseur": f"÷{n} (rounded down)",
              "complexe_positif": f"+ {factor}{source}",
              "complexe_negatif": f"− {factor}{source}",
              "positif": f"+{n}", "negatif": f"−{n}",
              "puissance_modifiee": f"modified Power = {n}"}[cat]
    conds = _conditions(effet, lg)
    text = f"{_CIBLE[lg][effet.cible]} : {op}" if lg == "fr" else f"{_CIBLE[lg][effet.cible]}: {op}"
    return text + (" " + ", ".join(conds) if conds else "")


def _conditions(effet: Effet, lg: str) -> list[str]:
    si = effet.si
    out: list[str] = []
    fr = lg == "fr"
    if si.couleur is not None:
        out.append(("si " if fr else "if ") + _colours(si.couleur, lg))
    if si.cache is not None:
        if fr:
            out.append("si Caché" if si.cache else "si non Caché")
        else:
            out.append("if Hidden" if si.cache else "if not Hidden")
    if si.position is not None:
        where = _colours([str(p) for p in si.position], lg)
        out.append(f"si lancé en position {where}" if fr else f"if cast from position {where}")
    if si.chateau is not None:
        c = _colours(si.chateau, lg)
        out.append(f"si le Château est {c}" if fr else f"if the Castle is {c}")
    if si.actif is not None:
        if fr:
            out.append("si lancé par le joueur actif" if si.actif
                       else "si lancé par le joueur non actif")
        else:
            out.append("if cast by the active player" if si.actif
                       else "if cast by the other player")
    if si.diamagiques_min is not None:
        k = si.diamagiques_min
        out.append(f"si l'équipe détient au moins {k} Diamagiques" if fr
                   else f"if the team holds at least {k} Diamagiques")
    if si.diamagiques_couleur is not None:
        c = colour(si.diamagiques_couleur, lg)
        out.append(f"si son Magicien détient un Diamagique {c}" if fr
                   else f"if its Wizard holds a {c} Diamagique")
    if si.magicien_couleur is not None:
        c = _colours(si.magicien_couleur, lg)
        out.append(f"si lancé par un Magicien {c}" if fr else f"if cast by a {c} Wizard")
    return out


_REASONS = {
    "six_diamagiques": ("{w} détient {n} Diamagiques et gagne aussitôt ; {l} en a {m}.",
                        "{w} holds {n} Diamagiques and wins at once; {l} has {m}."),
    "pot_vide": ("Le pot est vide et aucun Diamagique n'est en jeu : {end}.",
                 "The pot is empty and no Diamagique is in play: {end}."),
    "sorts_epuises": ("Plus aucun Sort en main ni dans les decks : {end}.",
                      "Neither player has a Spell left in hand or deck: {end}."),
}


def result_text(ranks: tuple[int, ...], scores: tuple[float, ...], reason: str,
                lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """Why the game ended, with the Diamagiques of each player (DG-19, DG-20); seats named
    by `names` when given."""
    fr = _lang(lang) == "fr"
    a, b = (int(x) for x in scores)
    if ranks[0] == ranks[1]:
        end = (f"égalité, {a} Diamagiques partout" if fr
               else f"a draw, {a} Diamagiques each")
        w = l_ = ""
        n = m = a
    else:
        win = 0 if ranks[0] == 0 else 1
        n, m = (a, b) if win == 0 else (b, a)
        w, l_ = seat_name(win, lang, names), seat_name(1 - win, lang, names)
        end = (f"{w} gagne avec {n} Diamagiques contre {m}" if fr
               else f"{w} wins with {n} Diamagiques to {m}")
    pattern = _REASONS.get(reason)
    if pattern is None:
        return (f"Fin de la partie : {end}." if fr else f"End of the game: {end}.")
    return pattern[0 if fr else 1].format(w=w, l=l_, n=n, m=m, end=end)


def _names(items: Any, lg: str) -> str:
    return ", ".join(colour(str(x), lg) for x in items) if items else "—"


def describe(event: Event, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """One line saying what the event means, seats named by `names` when given ("Joueur 2"
    otherwise)."""
    lg = _lang(lang)
    fr = lg == "fr"
    d = event.data
    k = event.kind
    who = seat_name(int(d["seat"] or 0), lg, names) if "seat" in d else ""
    if k == "tour":
        active = seat_name(int(d["active"]), lg, names)
        return (f"Tour {d['turn']} : {active} prend la main." if fr
                else f"Turn {d['turn']}: {active} is active.")
    if k == "chateau":
        return (f"{who} joue le Château {d['chateau']}." if fr
                else f"{who} plays the Castle {d['chateau']}.")
    if k == "chateaux_melanges":
        return (f"{who} remélange sa défausse de Châteaux." if fr
                else f"{who} reshuffles their Castle discard pile.")
    if k == "diamagique_vu":
        c = colour(str(d["couleur"]), lg)
        return (f"{who} pioche un Diamagique {c} et le pose face cachée." if fr
                else f"{who} draws a {c} Diamagique and puts it face down.")
    if k == "diamagique_en_jeu":
        return (f"{who} pose un Diamagique face cachée sur le Château : "
                f"{d['en_jeu']} en jeu." if fr
                else f"{who} puts a Diamagique face down on the Castle: "
                     f"{d['en_jeu']} in play.")
    if k == "pot_vide":
        return (f"Le pot est vide : aucun Diamagique ajouté ({d['en_jeu']} en jeu)." if fr
                else f"The pot is empty: no Diamagique added ({d['en_jeu']} in play).")
    if k in ("lance", "lance_cache"):
        sort = d.get("sort")
        what = (f"le Sort {sort}" if fr else f"the Spell {sort}") if sort else (
            "un Sort Caché, face cachée jusqu'à la révélation" if fr
            else "a Hidden Spell, face down until the reveal")
        if sort and d.get("cache"):
            what += " (Caché)" if fr else " (Hidden)"
        return (f"{who} : {d['magicien']} (M{d['position']}) lance {what}." if fr
                else f"{who}: {d['magicien']} (M{d['position']}) casts {what}.")
    if k == "sans_sort":
        return (f"{who} n'a plus de Sort : le Magicien M{d['position']} ne lance rien." if fr
                else f"{who} has no Spell left: Wizard M{d['position']} casts nothing.")
    if k == "revele":
        return (f"{who} révèle le Sort Caché {d['sort']} (M{d['position']})." if fr
                else f"{who} reveals the Hidden Spell {d['sort']} (M{d['position']}).")
    if k == "modificateur":
        # DG-14: the category's rank says why this effect comes before or after another.
        category = str(d["category"])
        cat = CATEGORY_NAMES[lg].get(category, category)
        rank = CATEGORIES.index(category) + 1 if category in CATEGORIES else 0
        if names is None:
            target = f"{'J' if fr else 'P'}{int(d['seat']) + 1} M{d['position']} {d['sort']}"
        else:
            target = f"{d['sort']} ({names[int(d['seat'])]}, M{d['position']})"
        return (f"{rank}/8 {cat} : {d['source']} fait passer {target} "
                f"de {d['before']} à {d['after']}." if fr
                else f"{rank}/8 {cat}: {d['source']} takes {target} "
                     f"from {d['before']} to {d['after']}.")
    if k == "totaux":
        a, b = d["totaux"]
        winner = int(d.get("vainqueur", -1))
        if winner < 0:
            end = "à égalité" if fr else "a tie"
        else:
            name = seat_name(winner, lg, names)
            end = (f"{name} l'emporte" if fr else f"{name} wins")
        first, second = seat_name(0, lg, names), seat_name(1, lg, names)
        return (f"Puissance Magique totale : {first} {a}, {second} {b}, {end}." if fr
                else f"Total Magic Power: {first} {a}, {second} {b}, {end}.")
    if k == "egalite":
        n = int(d["en_jeu"])
        return (f"Égalité : personne ne gagne, "
                f"{counted(n, 'Diamagique reste', 'Diamagiques restent')} sur la table pour le "
                f"prochain Château." if fr
                else f"A tie: nobody wins, "
                     f"{counted(n, 'Diamagique stays', 'Diamagiques stay', 'en')} on the table "
                     f"for the next Castle.")
    if k == "defi_sans_diamagique":
        return ("Le défi est gagné mais aucun Diamagique n'est en jeu." if fr
                else "The challenge is won but no Diamagique is in play.")
    if k == "defi_gagne":
        return (f"{who} gagne le défi et les Diamagiques {_names(d['couleurs'], lg)}, "
                f"révélés." if fr
                else f"{who} wins the challenge and the Diamagiques "
                     f"{_names(d['couleurs'], lg)}, now revealed.")
    if k == "diamagiques_poses":
        return (f"{who} pose {_names(d['couleurs'], lg)} face visible sur {d['magicien']} "
                f"(M{d['position']})." if fr
                else f"{who} places {_names(d['couleurs'], lg)} face up on {d['magicien']} "
                     f"(M{d['position']}).")
    if k == "pioche_cartes":
        return (f"{who} pioche {', '.join(d['sorts'])}." if fr
                else f"{who} draws {', '.join(d['sorts'])}.")
    if k == "pioche":
        n = int(d["nombre"])
        return (f"{who} pioche {counted(n, 'Sort', 'Sorts')}." if fr
                else f"{who} draws {counted(n, 'Spell', 'Spells', 'en')}.")
    if k == "defausse":
        return (f"{who} défausse {d['sort']}." if fr else f"{who} discards {d['sort']}.")
    if k == "fin":
        # The Diamagiques held only: who won and why is said once, by the room's end panel
        # (describe_result), not again in the log (issue 20).
        a, b = d["scores"]
        return (f"Fin de la partie : Diamagiques {a:g} à {b:g}." if fr
                else f"Game over: Diamagiques {a:g} to {b:g}.")
    args = ", ".join(f"{key}={value}" for key, value in d.items())
    return f"{k}({args})"
