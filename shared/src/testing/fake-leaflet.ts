/**
 * Stand-ins for Leaflet in component tests: jsdom draws no map and loads no tiles, so a test plays
 * the map's events itself. Each map test extends these with what its component calls.
 */
type Handler = (event?: unknown) => void;

export class Evented {
  handlers = new Map<string, Handler[]>();
  on(name: string, handler: Handler) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler]);
    return this;
  }
  fire(name: string, event?: unknown) {
    for (const handler of this.handlers.get(name) ?? []) handler(event);
  }
}

/** What the shared map base asks of every map: panes for the offline outlines, its container, resizing and removal. */
export class FakeMapSurface extends Evented {
  removed = false;
  panes = new Map<string, HTMLElement>();
  getPane = (name: string) => this.panes.get(name);
  createPane = (name: string) => {
    this.panes.set(name, document.createElement('div'));
    return this.panes.get(name)!;
  };
  getContainer = () => document.createElement('div');
  invalidateSize = () => this;
  remove = () => {
    this.removed = true;
  };
}
