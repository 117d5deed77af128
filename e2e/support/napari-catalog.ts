/**
 * The catalog of the access-request browser tests: a public Galaxy and Napari, which `/imaging`
 * grants and bob approves, requestable by everyone else (alice sees it locked). `days` makes the
 * access time-boxed.
 */
export function napariCatalog({ days }: { days?: number } = {}): string {
  const timeBox = days === undefined ? '' : `, days: ${days}`;
  return `apps:
  - { id: galaxy, name: Galaxy, link: https://galaxy.example.edu/, category: apps, isPublic: true }
  - id: napari
    name: Napari
    description: Image viewer for multi-dimensional data.
    link: https://napari.example.edu/
    category: Imaging
    associatedGroups: [imaging]
    access: { requestable: true, group: /imaging, approvers: [bob], showGroup: true${timeBox} }
`;
}
