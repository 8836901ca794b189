"""The server's garbage-collection tuning: survivors of every collection are
frozen, everything is unfrozen once a period has passed, and stopping leaves
the collector as it was."""

from __future__ import annotations

import gc
import sys
import threading
import time
import weakref

from puntobanco.web.gcpause import POLL, GcTuning


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_survivors_of_every_collection_are_frozen_and_unfrozen_each_period() -> None:
    clock = Clock()
    tuning = GcTuning(period=60, clock=clock)
    tuning.start()
    gc.disable()  # only the collections this test makes
    try:
        assert gc.get_freeze_count() > 0 and tuning.freezes == 1
        kept = [[i] for i in range(10_000)]  # new, long-lived objects
        tuning.poll()
        assert tuning.freezes == 1  # no collection yet: nothing to freeze
        gc.collect()
        frozen = gc.get_freeze_count()
        tuning.poll()
        assert tuning.freezes == 2 and gc.get_freeze_count() >= frozen + len(kept)
        more = [[i] for i in range(1_000)]
        gc.collect(1)  # a middle collection: its survivors are frozen too
        tuning.poll()
        assert tuning.freezes == 3 and gc.get_freeze_count() >= frozen + len(kept) + len(more)
        young = [[i] for i in range(500)]
        gc.collect(0)  # a young one: its survivors are frozen as well
        tuning.poll()
        assert tuning.freezes == 4
        assert gc.get_freeze_count() >= frozen + len(kept) + len(more) + len(young)
        tuning.poll()
        assert tuning.freezes == 4  # no collection since: nothing more to freeze
        clock.now = 61
        tuning.poll()
        assert gc.get_freeze_count() == 0  # the next full collection walks everything
    finally:
        gc.enable()
        tuning.stop()
    assert gc.get_freeze_count() == 0 and tuning._callback not in gc.callbacks


class Node:
    def __init__(self) -> None:
        self.me: object = self  # a cycle: only the collector frees it


def test_a_cycle_frozen_by_mistake_is_collected_after_the_period() -> None:
    clock = Clock()
    tuning = GcTuning(period=10, clock=clock)
    tuning.start()
    try:
        node = Node()
        seen = weakref.ref(node)
        gc.collect()  # the node survives (still referenced) and is frozen with the rest
        tuning.poll()
        del node  # garbage now, but frozen: a full collection does not see it
        gc.collect()
        assert seen() is not None
        clock.now = 11
        tuning.poll()
        gc.collect()
        assert seen() is None
    finally:
        tuning.stop()


def test_the_switch_interval_is_short_while_the_tuning_runs_and_restored_after() -> None:
    before = sys.getswitchinterval()
    tuning = GcTuning()
    tuning.start()
    try:
        assert sys.getswitchinterval() == min(before, 0.001)
    finally:
        tuning.stop()
    assert sys.getswitchinterval() == before


def test_as_a_context_its_thread_freezes_after_a_collection_and_leaves_all_as_found() -> None:
    before = sys.getswitchinterval()
    threads = {t.name for t in threading.enumerate()}
    with GcTuning() as tuning:
        assert sys.getswitchinterval() == min(before, 0.001)
        assert "pb-gc" in {t.name for t in threading.enumerate()} and tuning.freezes == 1
        gc.collect()
        deadline = time.monotonic() + 5
        while tuning.freezes == 1 and time.monotonic() < deadline:
            time.sleep(POLL)  # the thread's next poll freezes the collection's survivors
        assert tuning.freezes >= 2
    assert {t.name for t in threading.enumerate()} == threads
    assert sys.getswitchinterval() == before
    assert gc.get_freeze_count() == 0 and tuning._callback not in gc.callbacks
