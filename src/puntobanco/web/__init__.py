"""The web table: ``web.app.create_app`` builds the server that ``puntobanco serve`` runs.

Needs the ``web`` extra (FastAPI, uvicorn); the rest of puntobanco never imports it.
"""
