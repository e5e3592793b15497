"""MkDocs plugin for Half Moon: replays example games and writes their diagrams and words.

The plugin is a thin adapter over the engine (package ``halfmoon``), which never imports
MkDocs. ``blocks`` finds the fenced blocks, ``inline`` the ``{{hm …}}`` inserts,
``examples`` replays records, ``render`` turns them into HTML and ``cache`` keeps it.
"""
