/**
 * Lomda's home page as the bare app would draw it: the same elements, attributes and text, made
 * with React.createElement from a JSON tree that bench/compare.mjs takes from Lomda's rendered `/`
 * (bench/html-tree.mjs) before building this peer. What the framework alone costs to render that page.
 */
import { createElement, type ReactNode } from "react";

type Node = string | { tag: string; props: Record<string, unknown>; children: Node[] };

// Written by bench/compare.mjs just before it builds this peer (git-ignored). Read through Vite's
// glob, which resolves at build time, so that a clone without the file still type-checks.
const written = import.meta.glob<Node[]>("./page.json", { eager: true, import: "default" });
const page: Node[] = written["./page.json"] ?? [];

function draw(node: Node, key: number): ReactNode {
  if (typeof node === "string") return node;
  return createElement(node.tag, { ...node.props, key }, ...node.children.map(draw));
}

export function loader() {
  return { drawn: page.length };
}

export function meta() {
  return [{ title: "Bare peer, Lomda's markup" }];
}

export default function Home() {
  return <>{page.map(draw)}</>;
}
