"""The dashboard's CSS: touch targets of at least 44 px, readable at arm's length, dark theme."""

CSS = """
<style>
.rf-app { font-size: 17px; line-height: 1.35; color: #1d1d1d; background: #f4efe4; padding: 8px; border-radius: 10px; }
.rf-app.rf-large { font-size: 21px; }
.rf-app .rf-btn, .rf-app .widget-toggle-button, .rf-app .jupyter-button {
  min-height: 48px; min-width: 48px; height: auto; width: auto; padding: 6px 14px; margin: 3px;
  font-size: 1em; border-radius: 8px; white-space: nowrap; touch-action: manipulation;
}
.rf-app .widget-text input, .rf-app .widget-dropdown select, .rf-app .widget-inline-hbox input, .rf-app select {
  min-height: 44px; font-size: 1em;
}
.rf-app .widget-checkbox input { width: 28px; height: 28px; }
.rf-app .widget-label, .rf-app .widget-html-content, .rf-app label { font-size: inherit; line-height: 1.35; }
.rf-app .widget-html, .rf-app .widget-html-content { font-size: inherit; }
.rf-app .widget-toggle-buttons .widget-toggle-button { min-width: 80px; }
.rf-app .rf-btn:disabled { opacity: .4; filter: grayscale(1); }
.rf-tools { flex-wrap: wrap; }
.rf-nav { position: sticky; top: 0; z-index: 10; background: #2b3a42; border-radius: 10px; padding: 4px; flex-wrap: wrap; }
.rf-nav .widget-toggle-button { background: #3d5059; color: #fff; font-weight: 600; }
.rf-nav .widget-toggle-button.mod-active { background: #f2c12e; color: #111; }
.rf-nav .rf-btn { background: #3d5059; color: #fff; }
.rf-main { flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.rf-board-box { flex: 1 1 540px; min-width: 300px; }
.rf-board { touch-action: none; border-radius: 10px; box-shadow: 0 1px 4px rgba(0,0,0,.25); max-width: 100%; }
.rf-side { flex: 1 1 300px; min-width: 280px; max-width: 520px; }
.rf-side .widget-hbox { flex-wrap: wrap; }
.rf-status { font-size: 1.15em; }
.rf-turn { font-size: 1.2em; padding: 4px 0; }
.rf-dot { display: inline-block; width: 22px; height: 22px; border-radius: 50%; border: 2px solid #222; vertical-align: middle; margin-right: 8px; }
.rf-chip { display: inline-block; padding: 3px 10px; margin: 2px; border-radius: 14px; border-left: 14px solid var(--c); background: rgba(0,0,0,.06); }
.rf-badge { display: inline-block; padding: 6px 12px; border-radius: 8px; background: #6a1b9a; color: #fff; font-weight: 700; }
.rf-msg { padding: 10px 14px; border-radius: 8px; font-size: 1.05em; }
.rf-msg-error { background: #ffebee; color: #8e0000; border-left: 8px solid #c62828; }
.rf-msg-info { background: #e8f5e9; color: #1b4d20; border-left: 8px solid #2e7d32; }
.rf-panel { padding: 6px; }
.rf-lib-row { align-items: center; gap: 8px; border-bottom: 1px solid rgba(0,0,0,.1); padding: 4px 0; }
.rf-download { display: inline-block; padding: 10px 14px; margin: 4px; border-radius: 8px; background: #2a5db0; color: #fff !important; text-decoration: none; }
.rf-app .widget-select select { font-size: 1em; }
.rf-app .widget-select select option { padding: 8px 4px; }
.rf-scorepad table { border-collapse: collapse; font-size: 1.05em; }
.rf-scorepad td, .rf-scorepad th { border: 1px solid #999; padding: 6px 10px; text-align: right; }
.rf-scorepad .rf-crossed { text-decoration: line-through; color: #888; }
.rf-civs { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 8px; }
.rf-players .widget-html-content, .rf-players { display: block; width: 100%; }
.rf-civ { flex: 1 1 300px; padding: 8px 12px; border-radius: 8px; background: rgba(0,0,0,.05); }
.rf-civ-name { font-size: 1.15em; }
.rf-controls .widget-hbox { flex-wrap: wrap; align-items: center; gap: 4px; }
.rf-app.rf-dark { background: #15191d; color: #e8e8e8; }
.rf-app.rf-dark .rf-btn, .rf-app.rf-dark .widget-toggle-button { background: #2c343b; color: #f0f0f0; }
.rf-app.rf-dark .rf-btn.mod-success { background: #2e7d32; }
.rf-app.rf-dark .widget-html-content, .rf-app.rf-dark .widget-label, .rf-app.rf-dark label { color: #e8e8e8; }
.rf-app.rf-dark input, .rf-app.rf-dark select { background: #222a30; color: #eee; }
.rf-app.rf-dark .rf-chip { background: rgba(255,255,255,.08); }
.rf-app.rf-dark .lm-TabBar-tab, .rf-app.rf-dark .jupyter-widget-Collapse-header { background: #2c343b; color: #eee; }
.rf-app .jupyter-widget-Collapse-header, .rf-app .p-Collapse-header { min-height: 44px; font-size: 1em; display: flex; align-items: center; }
</style>
"""
