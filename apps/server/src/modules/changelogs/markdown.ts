import { VIDEO_EMBED_HOSTS } from '@fieldwork/contract';
import { Marked, type Tokens } from 'marked';
import { validationFailure } from '../../platform/errors';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Links and images may point to the web, mail or this site only (no javascript: or data:). */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Changelog markdown as HTML that is safe to insert: raw HTML in the markdown is shown as text,
 * never interpreted, and links with any other scheme lose their target.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  breaks: false,
  walkTokens(token) {
    if (token.type !== 'link' && token.type !== 'image') return;
    const target = token as Tokens.Link | Tokens.Image;
    if (!SAFE_HREF.test(target.href)) target.href = '#';
  },
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(content: string): string {
  return markdown.parse(content) as string;
}

const EMBED_MESSAGE = `Must be one <iframe> (or its https address) from ${VIDEO_EMBED_HOSTS.join(', ')}.`;
const IFRAME = /^\s*<iframe\b([^>]*)>\s*<\/iframe>\s*$/i;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const SIZE = /^\d{1,4}%?$/;
const KEPT = new Set([
  'src',
  'width',
  'height',
  'title',
  'allow',
  'allowfullscreen',
  'frameborder',
  'referrerpolicy',
]);

function embedSource(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (!(VIDEO_EMBED_HOSTS as readonly string[]).includes(url.hostname)) return null;
  if (url.username || url.password || url.port) return null;
  return url.toString();
}

/**
 * A video embed rebuilt from what is allowed, never passed through: one iframe with an https
 * src on a known video host and a few presentational attributes. A bare https address of such a
 * host becomes an iframe. Anything else is a 422 on videoEmbedHtml.
 */
export function sanitiseVideoEmbed(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const refuse = () =>
    validationFailure([{ field: 'videoEmbedHtml', message: EMBED_MESSAGE, code: 'invalid_embed' }]);
  const bare = embedSource(html.trim());
  const attributes = new Map<string, string>();
  if (bare) {
    attributes.set('src', bare);
  } else {
    const match = IFRAME.exec(html);
    if (!match) throw refuse();
    for (const found of match[1]!.matchAll(ATTRIBUTE)) {
      const name = found[1]!.toLowerCase();
      const value = found[2] ?? found[3] ?? found[4] ?? '';
      if (!KEPT.has(name)) continue; // handlers, styles, srcdoc… are dropped
      attributes.set(name, value);
    }
    const src = embedSource(attributes.get('src') ?? '');
    if (!src) throw refuse();
    attributes.set('src', src);
  }
  for (const size of ['width', 'height', 'frameborder']) {
    const value = attributes.get(size);
    if (value !== undefined && !SIZE.test(value)) attributes.delete(size);
  }
  const parts = [...attributes].map(([name, value]) =>
    name === 'allowfullscreen' ? name : `${name}="${escapeHtml(value)}"`,
  );
  return `<iframe ${parts.join(' ')}></iframe>`;
}
