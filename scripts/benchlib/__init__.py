"""What gm's measuring scripts share, and the recognition bench in two parts.

- `common`: the checkout on sys.path, the machine a figure was measured on, medians and the
  way a figure is shown, the game's prompts as data: what bench.py, bench_voice.py,
  bench_live.py, make_corpus.py and words.py would otherwise each write again;
- `measure`: the corpus measurement of scripts/bench.py (each recogniser configuration in a
  process of its own, steady noise, the cut at the voice, start and countdown), its results
  JSON;
- `report`: the tables, the goals and BENCHMARKS.md, made from those results alone.
"""
