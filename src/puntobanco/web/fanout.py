"""Fan-out: the connections that receive a table's views, and the views pushed to them.

A WebSocket connection subscribes to its table when it opens and unsubscribes
when it closes (``ws.serve_socket``).

After each commit every subscriber gets its new view: the part all viewers
share is serialised once per language, each viewer's own part is added to it
(``web.views``).
"""

from __future__ import annotations

from puntobanco.table.config import Format
from puntobanco.web.auth import PLAYER
from puntobanco.web.hubstate import HubState
from puntobanco.web.live import Live, Subscriber


class Fanout(HubState):
    """Subscribers and the views they are sent."""

    def subscribe(self, live: Live, sub: Subscriber) -> None:
        """``sub`` receives ``live``'s views from now on (a connection opened)."""
        live.subscribers.add(sub)

    def unsubscribe(self, live: Live, sub: Subscriber) -> None:
        """``sub`` receives no more views (its connection closed)."""
        live.subscribers.discard(sub)
        self._own.pop(sub, None)

    def _push_views(self, live: Live) -> None:
        """Every subscriber's new view: the shared part is serialised once per
        language, each viewer's own part is added to it as text (and kept while
        nothing of it changes: after one player's bet, the others' own parts
        are what they were)."""
        import json

        from puntobanco.web.views import personal, public_text

        if not live.subscribers:
            return
        now = self._clock()
        shared: dict[str, str] = {}
        head = f'{{"type": "view", "seq": {live.seq}, "view": '
        state = live.state
        version = live.recorder.version
        # A countdown, or Punto's cards face down (the seconds left, the cards for
        # their player): each player's own part is made afresh.
        counting = state.format is Format.CROUPIER or state.face_down is not None
        for sub in list(live.subscribers):
            text = shared.get(sub.lang)
            if text is None:
                text = shared[sub.lang] = public_text(live, sub.lang)
            who = sub.identity
            key: tuple[object, ...] | None = None
            if who.role == PLAYER and not counting:
                # A player's own part depends on their record, the phase, the
                # settled coups, the next shoe's contributions and who holds the
                # shoe only (the records are immutable: compared by identity).
                key = (
                    state.find(who.player or ""),
                    state.phase,
                    state.holder,  # whether they may deal or pass it
                    version,
                    live.table.phase,
                    state.next_shoe,
                    state.entropy,  # what they may commit or reveal now
                )
                cached = self._own.get(sub)
                if cached is not None and _same(cached[0], key):
                    sub.push_text(f"{head}{text}, {cached[1]}")
                    continue
            own = json.dumps(personal(live, who, now), ensure_ascii=False)[1:] + "}"
            if key is not None:
                self._own[sub] = (key, own)
            sub.push_text(f"{head}{text}, {own}")


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Two cache keys are equal: records by identity, the rest by value."""
    return a[0] is b[0] and a[1:] == b[1:]
