// @vitest-environment jsdom
// DOMPurify needs a complete DOM (happy-dom's node iterator skips elements): jsdom, as its own tests use.
import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml, videoEmbedOf } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('keeps formatting, lists, links and images', () => {
    const html =
      '<h2>Teams</h2><p>Now with <strong>leads</strong> and <a href="https://fieldwork.app/help">help</a>.</p><ul><li>One</li></ul><img src="https://files.test/a.png" alt="A">';
    const clean = sanitizeContentHtml(html);
    expect(clean).toContain('<h2>Teams</h2>');
    expect(clean).toContain('<strong>leads</strong>');
    expect(clean).toContain('<li>One</li>');
    expect(clean).toContain('<img src="https://files.test/a.png" alt="A">');
    expect(clean).toContain('href="https://fieldwork.app/help"');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', 'script'],
    ['<img src="x" onerror="alert(1)">', 'onerror'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<iframe src="https://evil.test"></iframe>', 'iframe'],
    ['<p style="position:fixed">x</p>', 'style'],
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<form action="https://evil.test"><input name="p"></form>', 'form'],
    ['<p onclick="alert(1)">x</p>', 'onclick'],
  ])('removes %s', (html, forbidden) => {
    expect(sanitizeContentHtml(html)).not.toContain(forbidden);
  });
});

describe('videoEmbedOf', () => {
  it('takes the https address of an iframe on a known host', () => {
    expect(
      videoEmbedOf(
        '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/abc123" title="Teams tour" allow="autoplay" allowfullscreen></iframe>',
      ),
    ).toEqual({ src: 'https://www.youtube-nocookie.com/embed/abc123', title: 'Teams tour' });
    expect(videoEmbedOf('<iframe src="https://player.vimeo.com/video/1"></iframe>')).toEqual({
      src: 'https://player.vimeo.com/video/1',
      title: 'Video',
    });
  });

  it.each([
    ['nothing', null],
    ['no iframe', '<p>hello</p>'],
    ['another host', '<iframe src="https://evil.test/embed"></iframe>'],
    ['a look-alike host', '<iframe src="https://www.youtube.com.evil.test/embed"></iframe>'],
    ['plain http', '<iframe src="http://www.youtube.com/embed/x"></iframe>'],
    ['a script address', '<iframe src="javascript:alert(1)"></iframe>'],
    ['a data address', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['a script beside it', '<script src="https://www.youtube.com/x.js"></script>'],
  ])('answers null for %s', (_, html) => {
    expect(videoEmbedOf(html)).toBeNull();
  });
});
