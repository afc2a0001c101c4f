"""witchtable.site: build the offline site and serve it (``python -m witchtable site ...``).

The repository keeps it in lite/ (``make site`` runs ``lite/build.py``, the same code);
the wheel installs it as ``witchtable.site``, with the example notebooks and the rules
references as package data. Building needs the extra: ``pip install "witchtable[site]"``.
"""
