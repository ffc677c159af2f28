"""Developer tools kept out of the product: synthetic data, the demo writers, benchmark machinery.

Nothing in greffier/, pipelines/ or store/ imports this package, except the thin ``python -m greffier
bench`` entry, which says how to install it when it is missing. Extra requirements: devtools/requirements.in.
"""
