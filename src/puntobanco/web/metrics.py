"""What one web server counts and logs about its work, for Prometheus and log shippers.

Each server's ``Tables`` owns one ``Metrics``, with a registry of its own (never
prometheus-client's global one: a test process builds many servers), and calls
it at three points only: a command answered (``command``), a group commit
stored or failed (``committed``, ``commit_failed``, from the engine's thread).
What can be read when Prometheus scrapes (the open tables, the store's count
of the clock's steps back) is read then, so the commands pay nothing for it.
Nothing secret is recorded: a command's type, never its fields (a session's
prediction is hidden until the deal), and a refusal's catalogue key, never its
parameters.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4, generate_latest
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from puntobanco.engine import Committed, TableInfo
    from puntobanco.errors import PuntoBancoError
    from puntobanco.store.credentials import Identity

#: The command log: one line per command answered (INFO), with its table, type,
#: the sender's role, the result (``ok`` or the refusal's key) and the latency.
COMMANDS_LOG: Final = logging.getLogger("puntobanco.web.commands")
#: The store's failed commits (WARNING).
STORE_LOG: Final = logging.getLogger("puntobanco.web.store")
#: What Prometheus's text format is served as.
CONTENT_TYPE: Final = CONTENT_TYPE_PLAIN_0_0_4
#: Acknowledgements: a bet is answered after its commit, in a few ms on a quiet disk.
ACK_BUCKETS: Final = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
COMMIT_BUCKETS: Final = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class _StepsBack(Collector):
    """The store's count of the wall clock's steps back, read when scraped."""

    def __init__(self, steps: Callable[[], int]) -> None:
        self._steps = steps

    def collect(self) -> Iterator[Metric]:
        yield CounterMetricFamily(
            "puntobanco_store_clock_steps_back",
            "Times the wall clock was found behind the log's latest stored time (each "
            "table's events then keep its last time until the clock catches up).",
            value=self._steps(),
        )


class Metrics:
    """One server's counters, gauges and histograms, and its command log."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.commands = Counter(
            "puntobanco_commands",
            "Commands answered, by type and result (ok, refused, failed).",
            ["type", "result"],
            registry=r,
        )
        self.ack_seconds = Histogram(
            "puntobanco_command_ack_seconds",
            "From a command's arrival to its answer (after its events are committed).",
            buckets=ACK_BUCKETS,
            registry=r,
        )
        self.commit_seconds = Histogram(
            "puntobanco_store_commit_seconds",
            "One group commit to the store (one transaction, one sync).",
            buckets=COMMIT_BUCKETS,
            registry=r,
        )
        self.commit_failures = Counter(
            "puntobanco_store_commit_failures", "Group commits the store refused.", registry=r
        )
        self.shoes_revealed = Counter(
            "puntobanco_fair_shoes_revealed",
            "Fair shoes whose server seed was revealed (committed ShoeRevealed events).",
            registry=r,
        )
        self.sockets = Gauge(
            "puntobanco_websockets_connected", "WebSocket connections open now.", registry=r
        )
        self.tables = Gauge(
            "puntobanco_tables_open",
            "Tables held in memory and not closed (read when scraped).",
            registry=r,
        )
        ProcessCollector(registry=r)
        PlatformCollector(registry=r)
        self._steps_back: Callable[[], int] = lambda: 0
        r.register(_StepsBack(lambda: self._steps_back()))
        self._children: dict[tuple[str, str], Any] = {}

    def count_tables(self, tables: Iterable[TableInfo]) -> None:
        """The tables held now (``Engine.held``): those not finished are counted open."""
        self.tables.set(sum(1 for t in tables if not t.finished))

    def count_steps_back(self, steps: Callable[[], int]) -> None:
        """Read the store's count of the clock's steps back from ``steps()`` when
        scraped (``store.clock``: stored times never go back within a table)."""
        self._steps_back = steps

    def scrape(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return generate_latest(self.registry)

    # -- the server's hooks ---------------------------------------------------------

    def command(
        self, who: Identity, kind: str, answer: Committed | PuntoBancoError, started: float
    ) -> None:
        """A command of type ``kind`` was answered (``started``: ``time.perf_counter()``
        at its arrival): counted by result, ``ok``, ``refused`` (the caller's mistake,
        4xx) or ``failed`` (the store, 5xx)."""
        from puntobanco.web.errors import status_of

        seconds = time.perf_counter() - started
        refusal = answer if isinstance(answer, Exception) else None
        status = 200 if refusal is None else status_of(refusal)
        result = "ok" if refusal is None else "failed" if status >= 500 else "refused"
        child = self._children.get((kind, result))
        if child is None:
            child = self._children[kind, result] = self.commands.labels(kind, result)
        child.inc()
        self.ack_seconds.observe(seconds)
        if COMMANDS_LOG.isEnabledFor(logging.INFO):
            outcome = "ok" if refusal is None else refusal.key
            COMMANDS_LOG.info(
                "%s %s by %s: %s in %.1f ms",
                who.table,
                kind,
                who.role,
                outcome,
                seconds * 1000,
                extra={
                    "table": who.table,
                    "command": kind,
                    "role": who.role,
                    "result": outcome,
                    "status": status,
                    "latency_ms": round(seconds * 1000, 3),
                },
            )

    def committed(self, started: float, batch: Sequence[Committed]) -> None:
        """In the engine's thread: ``batch`` was stored by one commit begun at ``started``."""
        self.commit_seconds.observe(time.perf_counter() - started)
        revealed = sum(1 for c in batch for e in c.events if e["type"] == "ShoeRevealed")
        if revealed:
            self.shoes_revealed.inc(revealed)

    def commit_failed(self, writes: int, failure: PuntoBancoError) -> None:
        """In the engine's thread: the store refused the commit of ``writes`` commands."""
        self.commit_failures.inc()
        STORE_LOG.warning(
            "commit of %d write(s) failed: %s",
            writes,
            failure.message("en"),
            extra={"result": failure.key},
        )
