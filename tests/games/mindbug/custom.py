"""Small creature sets written for tests, next to First Contact (MB-30: new creatures are data)."""

from __future__ import annotations

import tomllib

from ludotheque.core.data import read_package_document
from ludotheque.games.mindbug.cards import Catalogue, build_catalogue

EXTRA = """
set = "essai"

[[creature]]
key = "lievre-eclair"
name = "Lièvre éclair"
name_en = "Flash Hare"
power = 3
keywords = ["RAPIDE"]
copies = 2
text_fr = "Peut attaquer dès son arrivée."
text_en = "May attack as soon as it arrives."

[[creature]]
key = "brume-lourde"
name = "Brume lourde"
name_en = "Heavy Mist"
power = 1
copies = 1
text_fr = "Les créatures ennemies ont -5 de puissance."
text_en = "Enemy creatures have -5 power."
[[creature.effect]]
trigger = "passive"
verb = "power"
target = "enemies"
amount = -5

[[creature]]
key = "crapaud-blinde"
name = "Crapaud blindé"
name_en = "Plated Toad"
power = 4
keywords = ["CORIACE"]
copies = 1
text_fr = "Détruit : l'adversaire perd 1 point de vie."
text_en = "Defeated: the opponent loses 1 life."
[[creature.effect]]
trigger = "defeated"
verb = "lose_life"
target = "opponent"
amount = 1
"""


def with_extra() -> Catalogue:
    source, document = read_package_document("ludotheque.games.mindbug",
                                              "data/first_contact.toml")
    return build_catalogue("first_contact+essai", [
        (source, "first_contact", document),
        ("essai.toml", "essai", tomllib.loads(EXTRA)),
    ])
