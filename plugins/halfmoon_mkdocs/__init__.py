"""MkDocs plugins for Half Moon: ``halfmoon`` replays example games and writes their diagrams
and words; ``halfmoon-offline`` makes the game installable and playable offline.

The plugins are a thin adapter over the engine (package ``halfmoon``), which never imports
MkDocs. ``plugin`` wires the MkDocs events to ``build`` (what one build reads and the
errors it reports), which hands each page to ``page``: ``blocks`` finds the fenced blocks
and ``inserts`` the ``{{hm …}}`` inserts; ``render.render_block`` (each kind in
``render.BLOCKS``) and ``inline`` turn them into HTML from the games ``examples`` replays,
in the words ``words`` writes. ``site`` holds the site's languages for both plugins, and
``assets.write_file`` is how either writes into the built site.
"""
