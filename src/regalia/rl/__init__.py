"""Regalia for AI builders: observation tensors and adapters to PettingZoo, Gymnasium and
OpenSpiel (the ``rl`` extra: ``pip install 'regalia[rl]'``).

The observation encoders in :mod:`regalia.rl.observations` use the standard library only; the
adapters import their frameworks when they are first used.
"""
