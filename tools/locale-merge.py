#!/usr/bin/env python3
"""Merges translations into one namespace's catalogues, safely when several people edit at once.

Usage: python3 tools/locale-merge.py <namespace> <tree.json>
<tree.json> is a nested object whose leaves are {"en": ..., "da": ..., "de": ..., "sv": ...}; each
leaf is deep-merged into locales/<lang>/<namespace>.json (existing keys are overwritten, others
kept). The files are read and written under an exclusive lock, so concurrent merges never lose
each other's keys."""
import fcntl, json, os, sys

L = ['en', 'da', 'de', 'sv']
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'locales')


def is_leaf(v):
    return isinstance(v, dict) and set(v) == set(L)


def merge(dst, tree, lang, path=''):
    for k, v in tree.items():
        if is_leaf(v):
            dst[k] = v[lang]
        elif isinstance(v, dict):
            node = dst.get(k)
            if not isinstance(node, dict):
                node = dst[k] = {}
            merge(node, v, lang, f'{path}{k}.')
        else:
            sys.exit(f'{path}{k}: a leaf must have exactly the keys {L}')


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ns, tree_file = sys.argv[1], sys.argv[2]
    with open(tree_file, encoding='utf-8') as f:
        tree = json.load(f)
    with open(os.path.join(ROOT, '.merge.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in L:
            p = os.path.join(ROOT, lang, f'{ns}.json')
            data = {}
            if os.path.exists(p):
                with open(p, encoding='utf-8') as f:
                    data = json.load(f)
            merge(data, tree, lang)
            with open(p, 'w', encoding='utf-8') as f:
                json.dump(data, f, ensure_ascii=False, indent=2)
                f.write('\n')


if __name__ == '__main__':
    main()
