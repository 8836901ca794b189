"""Monte Carlo through real shoes, strategies and betting systems, local or on Dask.

Needs the ``sim`` extra (numpy, numba, rich). ``puntobanco.sim.engine`` deals
exactly as ``puntobanco.shoe.Shoe`` does, card for card, from the same seeds.
"""
