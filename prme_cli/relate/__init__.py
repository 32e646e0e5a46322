"""The evidence-bound temporal relation stage (SPEC §6).

Each step is its own module: ``router`` (does the question ask for a temporal relation at
all?), ``resolvers`` (align question phrases to cited records), ``interpret`` and ``validate``
(check the citation in code), ``arithmetic`` (compute in code), ``gates`` (an independent
judgement per operand), ``repack`` (fit the guidance into the same budget), ``stage`` (the
orchestration and the eight outcomes) and ``receipts``.
"""
