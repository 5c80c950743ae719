// The webhooks feature's public face: the settings area loads it lazily (one entry).
export { WebhooksArea } from './WebhooksArea';
