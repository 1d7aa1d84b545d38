"use client";

/**
 * The phone menu is a <details> in the header, which stays mounted across navigations: a link
 * chosen in it closes it, or the menu would still cover the page the link opened.
 */
export function MenuCloser({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={className}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest("a")) e.currentTarget.closest("details")?.removeAttribute("open");
      }}
    >
      {children}
    </div>
  );
}
