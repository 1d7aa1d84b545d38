import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { useCartUiStore } from "@/stores/cart";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("the cart's store", () => {
  test("keeps what the screen shows of the cart, not the cart: only whether the drawer is open", () => {
    const state = useCartUiStore.getState();
    expect(Object.keys(state).sort()).toEqual(["closeDrawer", "drawerOpen", "openDrawer"]);
    state.openDrawer();
    expect(useCartUiStore.getState().drawerOpen).toBe(true);
    state.closeDrawer();
    expect(useCartUiStore.getState().drawerOpen).toBe(false);
  });

  test("every component reads it through a selector, so a change re-renders only what shows it", () => {
    const root = path.resolve(__dirname, "..");
    const whole = sources(path.join(root, "components"))
      .concat(sources(path.join(root, "app")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            /\buseCart\w*Store\(\s*\)/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [],
          ),
      );
    expect(whole).toEqual([]);
  });
});
