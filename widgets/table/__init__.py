"""The table controller, by concern: messages (what the front end may send), seats (who
sits where), the shared table (base), the play table and its bot pacing, the explorer and
its timeline, the settings a person changes, the rules links, engine texts reworded.

``witchtable.widgets.controller`` is the public face; these modules are its parts.
"""
