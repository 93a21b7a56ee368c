/**
 * Reduced motion for Leaflet (issue 23): the CSS rule of the theme turns transitions off, but
 * Leaflet animates zoom, fades and panning inertia in JavaScript. A map made with these options
 * jumps instead when the system asks for reduced motion (read when the map is made).
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function motionOptions(): {
  zoomAnimation?: false;
  fadeAnimation?: false;
  markerZoomAnimation?: false;
  inertia?: false;
} {
  return prefersReducedMotion()
    ? { zoomAnimation: false, fadeAnimation: false, markerZoomAnimation: false, inertia: false }
    : {};
}
