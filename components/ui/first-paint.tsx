/*
 * A page whose main content streams in a Suspense boundary paints it with its first frame.
 *
 * A page served whole from the cache still sends that content after the shell (header, empty
 * main, footer): React moves a boundary larger than its 12.8 kB budget out of line and reveals it
 * with a script at its end. Once the browser has painted the shell, React holds every later
 * reveal until 300 ms after that paint, and by then the framework's scripts have run: the
 * product picture or article cover appeared 0.3-0.5 s after the header on a fast machine, and
 * Lighthouse charged all the page's JavaScript to the largest paint (render delay 2-3 s).
 *
 * `<FirstPaintAfter id>` asks the browser (`<link rel="expect" blocking="render">`, in <head>)
 * to paint nothing until the element with that id has been parsed; `<FirstPaintMarker id>` is that
 * element, placed after the boundary's content: the first frame then comes after the reveal has
 * been queued, and shows the content. Best in the last streamed part, after the reveal scripts of
 * the parts above: right before one, the browser may still paint in between. Rendering blocks
 * only while the HTML is parsed (never on a client navigation), and if the marker never comes
 * (an error page), until the document has been parsed. Browsers without `rel="expect"` keep
 * painting as before.
 */

/** In the page's shell, outside the Suspense boundary (React hoists it into <head>). */
export function FirstPaintAfter({ id }: { id: string }) {
  return <link rel="expect" href={`#${id}`} blocking="render" />;
}

/** After the content the first paint must show (ideally closing the page's last streamed part). */
export function FirstPaintMarker({ id }: { id: string }) {
  return <span id={id} hidden />;
}
