"use client";

/** − 2 + with a label for screen readers; the parent decides what a change does. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  disabled,
}: {
  value: number;
  max?: number;
  onChange: (n: number) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <div className="inline-flex items-center rounded-md border border-ink/20 bg-white" role="group" aria-label={label}>
      <button
        type="button"
        className="h-9 w-9 text-lg text-ink disabled:opacity-40"
        onClick={() => onChange(value - 1)}
        disabled={disabled}
        aria-label={`Decrease ${label}`}
      >
        −
      </button>
      <span
        className="min-w-8 text-center text-sm font-semibold tabular-nums"
        aria-live="polite"
        data-testid="quantity"
      >
        {value}
      </span>
      <button
        type="button"
        className="h-9 w-9 text-lg text-ink disabled:opacity-40"
        onClick={() => onChange(value + 1)}
        disabled={disabled || (max !== undefined && value >= max)}
        aria-label={`Increase ${label}`}
      >
        +
      </button>
    </div>
  );
}
