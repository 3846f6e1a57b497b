"""The kernel: the game contract, the seeded RNG, records, data loading and conformance checks.

Pure: no I/O beyond reading data files shipped with a game, no clock, no global state.
The one exception, `compiled` (not imported here), is import machinery rather than rules: it
builds the games' compiled modules and loads them while their sources are unchanged.
"""

from .encoding import Encoding, EncodingError
from .errors import (
    DataError,
    IllegalAction,
    LudoError,
    NotationError,
    OptionsError,
    RecordError,
)
from .game import (
    JSON,
    Action,
    Config,
    Event,
    Game,
    Options,
    Result,
    Seat,
    State,
    canonical,
    counted,
    french_a,
    french_de,
    seat_name,
    seat_names,
)
from .rng import Rng, derive_seed

__all__ = [
    "JSON",
    "Action",
    "Config",
    "DataError",
    "Encoding",
    "EncodingError",
    "Event",
    "Game",
    "IllegalAction",
    "LudoError",
    "NotationError",
    "Options",
    "OptionsError",
    "RecordError",
    "Result",
    "Rng",
    "Seat",
    "State",
    "canonical",
    "counted",
    "derive_seed",
    "french_a",
    "french_de",
    "seat_name",
    "seat_names",
]
