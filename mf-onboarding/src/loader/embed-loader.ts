/**
 * /onboarding/embed.js — the one script a partner page includes (docs/partners.md):
 *
 *   <script src="https://<fieldwatch>/onboarding/embed.js" data-tag="…" data-lang="sv" async></script>
 *     mounts the activation flow right after the script tag, or
 *   <script src="https://<fieldwatch>/onboarding/embed.js" async></script>
 *   <fieldwatch-onboarding tag="…" lang="sv" theme="bright"></fieldwatch-onboarding>
 *     mounts it wherever the page puts the element (any number of them, added at any time).
 *
 * It defines the <fieldwatch-onboarding> element, which loads the onboarding remote from
 * Fieldwatch — its remoteEntry.js, found through Fieldwatch's /remotes.json (the remote may live on
 * a CDN), whose chunks come from where it was loaded ('auto' public path), never from the
 * partner's origin — and mounts its './embed' module in the element's shadow root. Progress is
 * reported by DOM events on the element (EMBED_EVENTS: fieldwatch:ready, fieldwatch:step,
 * fieldwatch:signedin, fieldwatch:activated, fieldwatch:error).
 *
 * Built on its own (build-loader.mjs) into a small classic script: no framework, no federation
 * runtime of its own — the remote brings everything it needs.
 */
import { EMBED_EVENTS } from '@fieldwatch/shared/onboarding-embed';

type EmbedModule = { mount(element: HTMLElement, options: Record<string, string | undefined>): () => void };
interface RemoteContainer {
  init(shareScope: Record<string, unknown>): Promise<void> | void;
  get(module: string): Promise<() => EmbedModule>;
}

const ELEMENT = 'fieldwatch-onboarding';
const REMOTE = 'onboarding';

/** This script's element: current while it runs (also when async), else the last one of its name. */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  const all = document.querySelectorAll<HTMLScriptElement>('script[src*="/onboarding/embed.js"]');
  return all[all.length - 1] ?? null;
}

const script = ownScript();
/** Fieldwatch's origin: where this script came from. */
const origin = script ? new URL(script.src, document.baseURI).origin : window.location.origin;

let loading: Promise<EmbedModule> | undefined;

function addScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.appendChild(s);
  });
}

/** The remote's './embed' module, loaded once for every element of the page. */
function loadEmbed(): Promise<EmbedModule> {
  loading ??= (async () => {
    const res = await fetch(`${origin}/remotes.json`, { credentials: 'omit' });
    if (!res.ok) throw new Error(`Fieldwatch answered ${res.status} for /remotes.json`);
    const map = (await res.json()) as Record<string, string>;
    const manifest = new URL(map[REMOTE] ?? `/remotes/${REMOTE}/mf-manifest.json`, `${origin}/`);
    await addScript(new URL('remoteEntry.js', manifest).href);
    const container = (window as unknown as Record<string, RemoteContainer | undefined>)[REMOTE];
    if (!container) throw new Error('The onboarding remote did not load');
    // No host on a partner page: an empty share scope, so the remote uses its own React & co.
    await container.init({});
    const factory = await container.get('./embed');
    return factory();
  })();
  loading.catch(() => {
    loading = undefined; // a later element (or a retry) tries again
  });
  return loading;
}

class FieldwatchOnboarding extends HTMLElement {
  static observedAttributes = ['tag', 'lang', 'theme'];
  private unmount: (() => void) | undefined;
  private generation = 0;

  connectedCallback(): void {
    this.render();
  }

  disconnectedCallback(): void {
    this.generation++;
    this.unmount?.();
    this.unmount = undefined;
  }

  attributeChangedCallback(): void {
    if (!this.unmount) return; // not mounted yet: the mount reads the attributes
    this.unmount();
    this.unmount = undefined;
    this.render();
  }

  private render(): void {
    const generation = ++this.generation;
    loadEmbed().then(
      (embed) => {
        if (generation !== this.generation || !this.isConnected) return;
        this.unmount = embed.mount(this, {
          apiBase: origin,
          tag: this.getAttribute('tag') ?? undefined,
          language: this.getAttribute('lang') ?? undefined,
          theme: this.getAttribute('theme') ?? undefined,
        });
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        this.dispatchEvent(
          new CustomEvent(EMBED_EVENTS.error, { bubbles: true, composed: true, detail: { message } }),
        );
      },
    );
  }
}

if (!customElements.get(ELEMENT)) customElements.define(ELEMENT, FieldwatchOnboarding);

// The one-script-tag form: with data-tag (empty: the visitor types the code) the flow goes right after the script.
if (script && script.hasAttribute('data-tag')) {
  const element = document.createElement(ELEMENT);
  const attrs: Array<[string, string]> = [
    ['tag', 'data-tag'],
    ['lang', 'data-lang'],
    ['theme', 'data-theme'],
  ];
  for (const [name, data] of attrs) {
    const value = script.getAttribute(data);
    if (value) element.setAttribute(name, value);
  }
  script.after(element);
}
