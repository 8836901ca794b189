"""The base of the enumerations looked up on every view and bet."""

from __future__ import annotations

from enum import Enum


class IdentityEnum(Enum):
    """An ``Enum`` hashed by identity. Its members are equal to themselves alone, so
    the hash agrees with ``==``; ``Enum``'s own hash is a Python call on the member's
    name, paid at every dict lookup of a view or a bet.

    >>> class Box(IdentityEnum):
    ...     PUNTO = "punto"
    >>> {Box.PUNTO: 1}[Box("punto")]
    1
    """

    __hash__ = object.__hash__
