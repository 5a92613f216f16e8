import { type ComponentType, memo, Suspense, use, useEffect, useRef, useState } from 'react';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Gate({ near, section: Section }: { near: Promise<void>; section: ComponentType }) {
  // The build-time render does not wait for the viewport (src/prerender.tsx renders the section itself).
  if (typeof window !== 'undefined') use(near);
  return <Section />;
}

/**
 * A below-the-fold section (a React.lazy component) whose code loads when it comes within `margin` of
 * the viewport (issue 13: the landing page's first load carries only what is on screen). Prerendered, its HTML is
 * in the page from the start: React keeps that HTML as it is (a Suspense boundary still waiting) and adopts it once
 * the code has arrived, so nothing moves. Reached by a link in the browser, the space stays empty until then.
 * Memoised, and given the component rather than an element: a parent's re-render (the nav learning who is signed
 * in) must not reach a boundary still waiting to hydrate, or React throws its server HTML away.
 */
export const WhenNear = memo(function WhenNear({
  section,
  margin = '600px',
}: {
  section: ComponentType;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near] = useState(deferred);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return near.resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          near.resolve();
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return (
    <div ref={ref}>
      <Suspense fallback={null}>
        <Gate near={near.promise} section={section} />
      </Suspense>
    </div>
  );
});
