import { ImageResponse } from "next/og";
import { fabricByName } from "@/lib/catalog/fabrics";
import { seedFabrics } from "@/lib/catalog/seed-fabrics";
import { getArticle } from "@/lib/content/data";
import { loadArticles } from "@/lib/content/load";
import { renderCoverSvg } from "@/lib/drawing/covers";
import { SITE } from "@/lib/config/site";
import { OG_SIZE } from "@/lib/seo/metadata";

export function generateStaticParams() {
  return loadArticles().map((a) => ({ slug: a.slug }));
}

/** The article's drawn cover with its title across the bottom, as a PNG for link previews. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const found = await getArticle(slug);
  if (!found)
    return new Response("No article has this address.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const a = found.article;
  const svg = renderCoverSvg(a.cover.scene, fabricByName(seedFabrics, a.cover.fabric)!, a.cover.alt);
  const cover = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return new ImageResponse(
    <div style={{ width: "100%", height: "100%", display: "flex", position: "relative", background: "#efe7da" }}>
      {/* eslint-disable-next-line @next/next/no-img-element -- drawn into a PNG by next/og, not shown on a page */}
      <img src={cover} width={1200} height={630} alt="" style={{ position: "absolute", top: 0, left: 0 }} />
      <div
        style={{
          position: "absolute",
          left: 0,
          right: 0,
          bottom: 0,
          display: "flex",
          flexDirection: "column",
          padding: "28px 56px 36px",
          background: "rgba(56, 64, 33, 0.92)",
          color: "#fbf8f3",
        }}
      >
        <div
          style={{ fontSize: 22, letterSpacing: 3, textTransform: "uppercase", color: "#e3e6d2" }}
        >{`${SITE.name} journal`}</div>
        <div style={{ fontSize: 46, lineHeight: 1.15, marginTop: 10 }}>{a.title}</div>
      </div>
    </div>,
    OG_SIZE,
  );
}
