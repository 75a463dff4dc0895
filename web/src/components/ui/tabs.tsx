import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
  composeRenderProps,
} from 'react-aria-components';

/** Tabs with their panels; arrow keys follow the reading direction (RTL in Arabic). */
export function Tabs(props: TabsProps) {
  return (
    <AriaTabs
      {...props}
      className={composeRenderProps(
        props.className,
        (extra) => `flex gap-4 data-[orientation=horizontal]:flex-col ${extra ?? ''}`,
      )}
    />
  );
}

/**
 * When the tabs do not fit on one row (a phone, long Arabic names), they wrap onto the next
 * row instead of being cut off or hidden behind a sideways scroll with no hint.
 */
export function TabList<T extends object>(props: TabListProps<T>) {
  return (
    <AriaTabList
      {...props}
      className={composeRenderProps(
        props.className,
        (extra) =>
          `flex gap-1 data-[orientation=horizontal]:flex-wrap data-[orientation=horizontal]:border-b data-[orientation=horizontal]:border-sand-200 data-[orientation=vertical]:flex-col data-[orientation=vertical]:border-e data-[orientation=vertical]:border-sand-200 ${extra ?? ''}`,
      )}
    />
  );
}

export function Tab(props: TabProps) {
  return (
    <AriaTab
      {...props}
      className={composeRenderProps(
        props.className,
        (extra) =>
          `-mb-px flex min-h-11 cursor-pointer items-center justify-center gap-2 whitespace-nowrap border-b-3 border-transparent px-4 py-2 text-base font-semibold text-slate-700 outline-none transition-colors data-[hovered]:text-teal-800 data-[hovered]:bg-sand-100 data-[selected]:border-teal-700 data-[selected]:text-teal-800 data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-3 data-[focus-visible]:outline-gold-700 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ${extra ?? ''}`,
      )}
    />
  );
}

export function TabPanel(props: TabPanelProps) {
  return (
    <AriaTabPanel
      {...props}
      className={composeRenderProps(
        props.className,
        (extra) =>
          `flex-1 rounded-xl outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700 ${extra ?? ''}`,
      )}
    />
  );
}
