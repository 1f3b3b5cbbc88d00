"""Battle Line (Reiner Knizia): an exact rules engine, bots and a Jupyter widget."""
from .cards import Card
from .claims import ClaimResult, can_claim
from .formations import Formation, evaluate

__all__ = ["Card", "ClaimResult", "Formation", "can_claim", "evaluate"]
__version__ = "0.1.0"
