// The productivity feature's public face: its page (one lazy entry in routes/units) and path.
export { productivityPath } from './productivity-paths';
