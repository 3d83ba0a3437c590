"""The answer to "does this play beat the current one?", shared by both games."""
from __future__ import annotations

from dataclasses import dataclass

OK = "ok"  # the reason code when the play is legal and (if there is a current play) beats it


@dataclass(frozen=True, slots=True)
class Judgement:
    valid: bool  # the tiles form a legal play (a legal lead) by themselves
    beats: bool  # with no current play: same as valid; otherwise the play beats the current one
    reason: str  # OK or a reason code such as "not-a-play", "different-family", "not-higher"
    play: str  # the play in canonical notation

    def as_dict(self) -> dict[str, object]:
        return {"valid": self.valid, "beats": self.beats, "reason": self.reason, "play": self.play}
