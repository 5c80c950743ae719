/**
 * happy-dom's XMLHttpRequest would go to the network; this one sends through `fetch`, so the
 * tests' fetch stub answers uploads (api/upload.ts) like every other call. The upload reports
 * its progress once, whole, before the answer.
 */
export class XhrThroughFetch {
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  abort() {
    this.controller.abort();
  }

  send(body: BodyInit | null = null) {
    const init = { method: this.method, headers: this.headers, body };
    fetch(this.url, { ...init, signal: this.controller.signal }).then(
      async (answer) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        this.status = answer.status;
        this.statusText = answer.statusText;
        this.responseText = await answer.text();
        this.onload?.();
      },
      () => (this.controller.signal.aborted ? this.onabort?.() : this.onerror?.()),
    );
  }
}
