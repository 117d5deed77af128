/**
 * The portal's own icons for research tools simple-icons does not have (decision 0029). Drawn for
 * this project, MIT like the rest of it: a plain glyph and a short name on a dark tile. They are
 * not the projects' logos and copy nothing of them; each names the tool so people recognise it.
 *
 * Each `mark` is SVG drawn on the 32 x 32 tile in white (the glyph in the upper part, the letters
 * on the baseline y = 27); `hex` is the tile, dark enough for white to keep 4.5:1 (tested).
 */
export interface ResearchIcon {
  slug: string;
  title: string;
  hex: string;
  /** Other names people search for. */
  aliases: readonly string[];
  mark: string;
}

const label = (text: string, size = 7) =>
  `<text x="16" y="27.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>`;

const stroke = 'fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round"';

export const RESEARCH_ICONS: readonly ResearchIcon[] = [
  {
    slug: 'research-galaxy',
    title: 'Galaxy',
    hex: '2B3A67',
    aliases: ['galaxy project', 'usegalaxy', 'workflows'],
    mark: `<ellipse cx="16" cy="12" rx="9" ry="4" transform="rotate(-20 16 12)" ${stroke}/><circle cx="16" cy="12" r="2.6" fill="#fff"/>${label('Galaxy')}`,
  },
  {
    slug: 'research-igv',
    title: 'IGV (Integrative Genomics Viewer)',
    hex: '1F4E79',
    aliases: ['igv', 'genome browser', 'genomics viewer'],
    mark: `<path d="M5 15h22" ${stroke}/><path d="M8 15V9M12 15v-3M16 15V6M20 15v-5M24 15v-2" ${stroke}/>${label('IGV', 8)}`,
  },
  {
    slug: 'research-snakemake',
    title: 'Snakemake',
    hex: '24573B',
    aliases: ['snakemake', 'workflow', 'pipeline'],
    mark: `<path d="M7 15c3 0 3-8 6-8s3 8 6 8 3-8 6-8" ${stroke}/><circle cx="25" cy="7" r="1.6" fill="#fff"/>${label('SMK', 8)}`,
  },
  {
    slug: 'research-slurm',
    title: 'Slurm',
    hex: '3D2F6B',
    aliases: ['slurm workload manager', 'hpc', 'cluster', 'scheduler', 'batch jobs'],
    mark: `<rect x="8" y="4.5" width="16" height="4" rx="1" ${stroke}/><rect x="8" y="11" width="16" height="4" rx="1" ${stroke}/><circle cx="11" cy="6.5" r=".9" fill="#fff"/><circle cx="11" cy="13" r=".9" fill="#fff"/>${label('Slurm')}`,
  },
  {
    slug: 'research-open-ondemand',
    title: 'Open OnDemand',
    hex: '1D4D6B',
    aliases: ['ood', 'ondemand', 'hpc portal'],
    mark: `<rect x="7" y="5" width="18" height="12" rx="1.5" ${stroke}/><path d="M10 9l3 2.5-3 2.5M15 14h5" ${stroke}/>${label('OOD', 8)}`,
  },
  {
    slug: 'research-labkey',
    title: 'LabKey',
    hex: '6B2D2D',
    aliases: ['labkey server', 'lims', 'specimens', 'data management'],
    mark: `<path d="M13 4.5h6M14 4.5v5l-5 8h14l-5-8v-5" ${stroke}/>${label('LabKey')}`,
  },
  {
    slug: 'research-napari',
    title: 'napari',
    hex: '3B3486',
    aliases: ['napari', 'image viewer', 'microscopy', 'python'],
    mark: `<rect x="9" y="4" width="10" height="10" rx="1" ${stroke}/><rect x="13" y="8" width="10" height="10" rx="1" ${stroke}/>${label('napari')}`,
  },
  {
    slug: 'research-cromwell',
    title: 'Cromwell',
    hex: '2E4A1F',
    aliases: ['cromwell', 'wdl', 'workflow engine', 'broad'],
    mark: `<path d="M9 8l7 7M23 8l-7 7" ${stroke}/><circle cx="9" cy="7" r="2.3" fill="#fff"/><circle cx="23" cy="7" r="2.3" fill="#fff"/><circle cx="16" cy="15" r="2.3" fill="#fff"/>${label('WDL', 8)}`,
  },
  {
    slug: 'research-jupyterhub',
    title: 'JupyterHub',
    hex: '7A3310',
    aliases: ['jupyterhub', 'jupyter hub', 'notebooks', 'jupyterlab'],
    mark: `<circle cx="16" cy="11" r="2.8" fill="#fff"/><path d="M16 11L8 6M16 11l8-5M16 11v7" ${stroke}/><circle cx="8" cy="6" r="1.8" fill="#fff"/><circle cx="24" cy="6" r="1.8" fill="#fff"/><circle cx="16" cy="18" r="1.8" fill="#fff"/>${label('Hub', 8)}`,
  },
  {
    slug: 'research-apptainer',
    title: 'Apptainer (Singularity)',
    hex: '2F3F55',
    aliases: ['apptainer', 'singularity', 'containers', 'sif'],
    mark: `<path d="M16 4l8 4v8l-8 4-8-4V8z M8 8l8 4 8-4M16 12v8" ${stroke} stroke-linejoin="round"/>${label('SIF', 8)}`,
  },
  {
    slug: 'research-omero',
    title: 'OMERO',
    hex: '214A5A',
    aliases: ['omero', 'microscopy', 'images', 'bio-formats'],
    mark: `<circle cx="16" cy="11" r="6" ${stroke}/><path d="M16 3.5v3M16 15.5v3M8.5 11h3M20.5 11h3" ${stroke}/>${label('OMERO', 6.5)}`,
  },
  {
    slug: 'research-hpc-cluster',
    title: 'HPC cluster',
    hex: '33333D',
    aliases: ['hpc', 'cluster', 'supercomputer', 'compute', 'ssh'],
    mark: `<rect x="6" y="5" width="6" height="13" rx="1" ${stroke}/><rect x="13" y="5" width="6" height="13" rx="1" ${stroke}/><rect x="20" y="5" width="6" height="13" rx="1" ${stroke}/>${label('HPC', 8)}`,
  },
];
