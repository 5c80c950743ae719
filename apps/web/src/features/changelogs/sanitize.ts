import { VIDEO_EMBED_HOSTS } from '@fieldwork/contract';
import DOMPurify from 'dompurify';

/**
 * A changelog's HTML is written by support staff and rendered by the server, which sanitises it
 * too; the browser does not trust that alone. Content keeps text formatting, links, lists, code
 * and images: no scripts, styles, frames, forms or event handlers, and links open in a new tab.
 */
const CONTENT_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'iframe',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

let hooked = false;
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function sanitizeContentHtml(html: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(html, CONTENT_CONFIG);
}

export interface VideoEmbed {
  src: string;
  title: string;
}

/**
 * The one thing taken from a changelog's videoEmbedHtml: the address of its iframe, when it is
 * https on a known video host. The page draws its own sandboxed iframe from it; the HTML itself
 * is never put into the page.
 */
export function videoEmbedOf(html: string | null | undefined): VideoEmbed | null {
  if (!html) return null;
  // DOMParser builds an inert document: nothing in it loads or runs.
  const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe');
  const src = frame?.getAttribute('src');
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !VIDEO_EMBED_HOSTS.some((host) => host === url.hostname)) {
    return null;
  }
  return { src: url.href, title: frame?.getAttribute('title') || 'Video' };
}
