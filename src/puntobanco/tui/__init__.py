"""The terminal game (``puntobanco play``) and the assistant's screen (``puntobanco assist``).

``games`` and ``render`` are plain Python; only ``app`` and
``screens`` import Textual, and the commands import them inside ``run``.
"""
