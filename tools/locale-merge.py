#!/usr/bin/env python3
"""Merges translations into one namespace's catalogues, safely when several people edit at once.

Usage: python3 tools/locale-merge.py <namespace> <tree.json>
       python3 tools/locale-merge.py --delete <namespace> <dotted.key> [...]   (a key no code uses)
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


def delete(data, dotted):
    *parents, last = dotted.split('.')
    node = data
    for k in parents:
        node = node.get(k) if isinstance(node, dict) else None
    if not isinstance(node, dict) or last not in node:
        sys.exit(f'{dotted}: no such key')
    del node[last]


def main():
    deleting = len(sys.argv) >= 4 and sys.argv[1] == '--delete'
    if not deleting and len(sys.argv) != 3:
        sys.exit(__doc__)
    if deleting:
        ns, keys = sys.argv[2], sys.argv[3:]
    else:
        ns = sys.argv[1]
        with open(sys.argv[2], encoding='utf-8') as f:
            tree = json.load(f)
    with open(os.path.join(ROOT, '.merge.lock'), 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for lang in L:
            p = os.path.join(ROOT, lang, f'{ns}.json')
            data = {}
            if os.path.exists(p):
                with open(p, encoding='utf-8') as f:
                    data = json.load(f)
            if deleting:
                for key in keys:
                    delete(data, key)
            else:
                merge(data, tree, lang)
            with open(p, 'w', encoding='utf-8') as f:
                json.dump(data, f, ensure_ascii=False, indent=2)
                f.write('\n')


if __name__ == '__main__':
    main()
