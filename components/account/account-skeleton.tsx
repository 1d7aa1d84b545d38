/** Placeholder while an account page reads the session and the orders. */
export function AccountSkeleton({ bare = false }: { bare?: boolean }) {
  return (
    <div aria-hidden className="animate-pulse">
      {bare ? null : <div className="h-9 w-56 rounded bg-oat-200" />}
      <div className={`${bare ? "" : "mt-8 "}grid gap-4 md:grid-cols-2`}>
        <div className="h-32 rounded-card bg-oat-100" />
        <div className="h-32 rounded-card bg-oat-100" />
      </div>
    </div>
  );
}
