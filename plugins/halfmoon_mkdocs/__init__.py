"""MkDocs plugin for Half Moon: replays example games and writes their diagrams and words.

The plugin is a thin adapter over the engine (package ``halfmoon``), which never imports
MkDocs. ``plugin`` wires the MkDocs events to ``build`` (what one build reads and the
errors it reports), which hands each page to ``page``: ``blocks`` finds the fenced blocks
and ``inserts`` the ``{{hm …}}`` inserts; ``render.render_block`` and ``inline`` turn them
into HTML from the games ``examples`` replays, in the words ``words`` writes.
"""
