//! The YaoXiang extension's code: Zed calls `language_server_command` when a
//! `.yx` file opens, and runs what it returns: this repository's `yaoxiang lsp`,
//! with `yaoxiang` found on the worktree's PATH, or where the user's settings say:
//!
//! ```json
//! { "lsp": { "yaoxiang": { "binary": { "path": "/path/to/yaoxiang", "arguments": ["lsp"] } } } }
//! ```
use zed_extension_api::{self as zed, settings::LspSettings, LanguageServerId, Result};

struct YaoXiangExtension;

impl zed::Extension for YaoXiangExtension {
    fn new() -> Self {
        YaoXiangExtension
    }

    fn language_server_command(
        &mut self,
        language_server_id: &LanguageServerId,
        worktree: &zed::Worktree,
    ) -> Result<zed::Command> {
        let configured = LspSettings::for_worktree(language_server_id.as_ref(), worktree)
            .ok()
            .and_then(|settings| settings.binary);
        let arguments = configured
            .as_ref()
            .and_then(|binary| binary.arguments.clone())
            .unwrap_or_else(|| vec!["lsp".to_string()]);
        let command = match configured.and_then(|binary| binary.path) {
            Some(path) => path,
            None => worktree.which("yaoxiang").ok_or_else(|| {
                "`yaoxiang` is not on PATH: install it with `npm link` in a checkout of yaoxiang-analyzer, \
                 or set lsp.yaoxiang.binary.path in Zed's settings"
                    .to_string()
            })?,
        };
        Ok(zed::Command {
            command,
            args: arguments,
            // The login shell's environment, so a `yaoxiang` installed by nvm or
            // similar finds its `node`.
            env: worktree.shell_env(),
        })
    }
}

zed::register_extension!(YaoXiangExtension);
