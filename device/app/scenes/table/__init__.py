"""The table, one scene for every game (scene.py), in small parts: who sits
where (seating.py), where things go (layout.py), the step's buttons
(panels.py), rows of cards (hand.py), the trick (trick.py), the words
(words.py), the top bar (score.py), drawing (draw.py), touches and keys
(controls.py) and the Hint (hint.py)."""

from device.app.scenes.table.scene import TableScene
from device.app.scenes.table.seating import SEAT_LABELS

__all__ = ["SEAT_LABELS", "TableScene"]
