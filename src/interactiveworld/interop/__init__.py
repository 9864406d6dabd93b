"""Interoperability: scenes as USD (:mod:`.usd`, needs the ``usd`` extra: ``pip install 'interactiveworld[usd]'``).

The Gymnasium environments live in :mod:`interactiveworld.gym`.
"""
