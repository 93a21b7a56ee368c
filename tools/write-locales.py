#!/usr/bin/env python3
"""Writes one namespace's catalogues from a tree whose leaves are {en, da, de, sv} dicts.
Usage (from a script): write('dashboard', tree). Keeps the four languages in one place while
authoring; the JSON files under locales/<lang>/ are what the product reads."""
import json, os
L = ['en', 'da', 'de', 'sv']
ROOT = os.path.join(os.path.dirname(__file__), '..', 'locales')

def t(en, da, de, sv):
    return dict(en=en, da=da, de=de, sv=sv)

def _split(tree, lang):
    out = {}
    for k, v in tree.items():
        out[k] = v[lang] if isinstance(v, dict) and set(v) == set(L) else _split(v, lang)
    return out

def write(ns, tree):
    for lang in L:
        with open(os.path.join(ROOT, lang, f'{ns}.json'), 'w', encoding='utf-8') as f:
            json.dump(_split(tree, lang), f, ensure_ascii=False, indent=2)
            f.write('\n')
